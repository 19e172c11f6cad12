import { formatDateRange } from '@promo/domain/format/format';
import type { Promotion } from '@promo/domain/types';
import { Button } from '@promo/ui/button';
import { HeroPicture } from '../../features/promotion-cards/hero-picture';
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
  return (
    <header className={styles.header}>
      <HeroPicture promotion={promotion} className={styles.hero} />
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
