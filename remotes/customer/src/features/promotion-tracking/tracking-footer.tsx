import { paths } from '@promo/domain/paths';
import { Link } from '@promo/ui/router';
import styles from './tracking-footer.module.css';

/**
 * The footer notes under the tracking view (docs/product-rules.md, 'Tracking view'), with the terms and the calculation links. Kept out
 * of the lazily loaded tracking view: it needs no chart code.
 */
export function TrackingFooter({ onShowTerms }: { onShowTerms: () => void }) {
  return (
    <footer className={styles.footer}>
      <p>All spend values displayed exclude GST</p>
      <p>Current spend data displayed as at end of last trading day</p>
      <p className={styles.links}>
        <button type="button" className={styles.link} onClick={onShowTerms}>
          Terms and Conditions
        </button>
        <Link className={styles.link} to={paths.spendCalculation()}>
          How is my target calculated?
        </Link>
      </p>
    </footer>
  );
}
