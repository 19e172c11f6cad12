import { Link, useSearchParams } from '@promo/ui/router';
import { promotionViewOf, promotionViewSearch, type PromotionView } from './promotion-links';
import styles from './promotion-views-nav.module.css';

const VIEWS: { view: PromotionView; label: string }[] = [
  { view: 'customers', label: 'Customers' },
  { view: 'branches', label: 'Branches' },
];

/**
 * Links between the promotion's customer table and its branch roll-up. They are links, not tabs:
 * each view is its own address (?view=branches), so back, forward and reloads land on it.
 */
export function PromotionViewsNav() {
  const [params] = useSearchParams();
  const current = promotionViewOf(params);
  return (
    <nav className={styles.nav} aria-label="Promotion views">
      <ul className={styles.list}>
        {VIEWS.map(({ view, label }) => (
          <li key={view}>
            <Link
              className={styles.link}
              to={promotionViewSearch(params, view)}
              aria-current={view === current ? 'page' : undefined}
            >
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
