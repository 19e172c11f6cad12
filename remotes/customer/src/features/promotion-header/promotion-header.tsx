import { formatDateRange } from '@promo/domain/format';
import type { Promotion } from '@promo/domain/types';
import { Button } from '@promo/ui/button';
import { heroSources, MOBILE_HERO_MEDIA } from '../promotion-cards/hero-image';
import styles from './promotion-header.module.css';

export type PromotionView = 'tracking' | 'details';

/**
 * The promotion's header (docs/product-rules.md, 'Promotion details'): hero image, the name (when the promotion asks for it), the
 * date range, and 'Participate' (not joined, not ended) or the 'Track Progress' / 'Show Promo
 * Details' toggle (joined).
 */
export function PromotionHeader({
  promotion,
  joined,
  canJoin,
  view,
  onParticipate,
  onViewChange,
}: {
  promotion: Promotion;
  joined: boolean;
  canJoin: boolean;
  view: PromotionView;
  onParticipate: () => void;
  onViewChange: (view: PromotionView) => void;
}) {
  const { hero, heroMobile } = heroSources(promotion);
  return (
    <header className={styles.header}>
      {hero ? (
        <picture>
          {heroMobile ? (
            <source media={MOBILE_HERO_MEDIA} srcSet={heroMobile} width={600} height={600} />
          ) : null}
          <img className={styles.hero} src={hero} alt="" width={1200} height={400} />
        </picture>
      ) : null}
      <div className={styles.body}>
        {promotion.showNameInDetailPage ? <h2 className={styles.name}>{promotion.name}</h2> : null}
        <p className={styles.dates}>{formatDateRange(promotion.startTimestamp, promotion.endTimestamp)}</p>
        {!joined && canJoin ? (
          <Button block onClick={onParticipate}>
            Participate
          </Button>
        ) : null}
        {joined ? (
          <Button
            block
            variant="secondary"
            onClick={() => onViewChange(view === 'tracking' ? 'details' : 'tracking')}
          >
            {view === 'tracking' ? 'Show Promo Details' : 'Track Progress'}
          </Button>
        ) : null}
      </div>
    </header>
  );
}
