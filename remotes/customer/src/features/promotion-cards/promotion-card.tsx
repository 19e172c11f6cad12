import { formatDateRange } from '@promo/domain/format/format';
import { paths } from '@promo/domain/paths';
import type { Promotion } from '@promo/domain/types';
import { buttonClassName } from '@promo/ui/button';
import { Link } from '@promo/ui/router';
import { HeroPicture } from './hero-picture';
import styles from './promotion-card.module.css';

interface PromotionCardProps {
  promotion: Promotion;
  joined: boolean;
  /**
   * The first card's hero is the page's largest paint: it loads at once and ahead of other images
   * (Lighthouse's LCP, docs/decisions/005-start-up-sequence.md); the heroes below the fold wait until scrolled near.
   */
  first?: boolean;
}

/** Hero image (the mobile image under 680 px), name, date range and the way in (docs/product-rules.md, 'Customer dashboard'). */
export function PromotionCard({ promotion, joined, first = false }: PromotionCardProps) {
  return (
    <article className={styles.card}>
      <HeroPicture
        promotion={promotion}
        className={styles.hero}
        load={
          first ? { loading: 'eager', fetchPriority: 'high' } : { loading: 'lazy', fetchPriority: 'auto' }
        }
      />
      <div className={styles.body}>
        <h3 className={styles.name}>{promotion.name}</h3>
        <p className={styles.dates}>{formatDateRange(promotion.startTimestamp, promotion.endTimestamp)}</p>
        <Link className={buttonClassName('primary', true)} to={paths.customerPromotion(promotion.id)}>
          {joined ? 'Track Promo' : 'View Details'}
        </Link>
      </div>
    </article>
  );
}
