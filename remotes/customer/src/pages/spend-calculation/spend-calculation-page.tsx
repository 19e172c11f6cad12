import { usePageFrame } from '@promo/ui/page-frame';
import styles from './spend-calculation-page.module.css';

/** Tier Calculation (docs/product-rules.md, 'Content pages'): how the baseline behind each target is worked out. */
export default function SpendCalculationPage() {
  usePageFrame('Tier Calculation', { showBack: true });
  return (
    <article className={styles.page}>
      <h2>How your targets are calculated</h2>
      <p>
        Your spend targets start from your <strong>baseline</strong>: what you would usually spend with us
        over the length of the promotion.
      </p>
      <ol className={styles.steps}>
        <li>
          We take your <strong>average daily spend</strong> over the August to September 2025 trading period
          (43 trading days), across all your linked accounts.
        </li>
        <li>
          We multiply it by the <strong>25 trading days</strong> of the promotion. The result is your
          baseline.
        </li>
        <li>Each target is set above your baseline, so reaching it means growing your business with us.</li>
      </ol>
      <h3>An example</h3>
      <p>
        If you spent $34,400 over the 43 trading days of August and September 2025, your average daily spend
        is $800. Over the 25 trading days of the promotion your baseline is $800 × 25 = $20,000.
      </p>
      <p className={styles.note}>
        Trading days are Monday to Friday, excluding public holidays. All spend values exclude GST.
      </p>
    </article>
  );
}
