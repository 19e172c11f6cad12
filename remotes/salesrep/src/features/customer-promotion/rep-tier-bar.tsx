import { formatCurrency } from '@promo/domain/format';
import { TIER_BAR, tierBarLayout } from '@promo/domain/tracking-rules';
import type { Target } from '@promo/domain/types';
import styles from './customer-promotion.module.css';

/**
 * Spec §9: the rep view's tier bar, 450 px high and 120 px wide, filled at least 10 %, with a line at
 * each target; blue once spend passes the first target, else orange (spec §4, customer tier bar).
 */
export function RepTierBar({ totalSpend, targets }: { totalSpend: number; targets: Target[] }) {
  const layout = tierBarLayout(totalSpend, targets, TIER_BAR.heightPx);
  const description = `Spend ${formatCurrency(totalSpend)} against ${layout.markers
    .map(
      (marker) =>
        `Target ${marker.targetNumber} ${formatCurrency(marker.amount, { decimals: 0 })}${totalSpend >= marker.amount ? ' (reached)' : ''}`,
    )
    .join(', ')}`;
  return (
    <div className={styles.tierBar} role="img" aria-label={description}>
      <div className={styles.tierTrack} style={{ height: TIER_BAR.heightPx, width: TIER_BAR.widthPx }}>
        <div
          className={`${styles.tierFill} ${layout.colour === 'blue' ? styles.tierBlue : styles.tierOrange}`}
          style={{ height: layout.fillPx }}
        />
        {layout.markers.map((marker) => (
          <div key={marker.targetNumber} className={styles.tierMarker} style={{ bottom: marker.offsetPx }}>
            <span className={styles.tierLabel} aria-hidden="true">
              T{marker.targetNumber} {formatCurrency(marker.amount, { decimals: 0 })}
            </span>
          </div>
        ))}
      </div>
    </div>
  );
}
