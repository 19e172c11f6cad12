import { formatCurrency } from '@promo/domain/format/format';
import { TIER_BAR, tierBarLayout } from '@promo/domain/promotion/tracking.rules';
import type { Target } from '@promo/domain/types';
import styles from './tier-bar.module.css';

/**
 * The customer's and the rep's view of a promotion both show it: a vertical bar (450 × 120 px) of
 * spend against the tier targets, filled at least 10 %, blue once spend passes the first target,
 * otherwise orange (docs/product-rules.md). It is one image with its figures in its name; it takes
 * keyboard focus so a keyboard user reaches it (and a screen reader reads the name) in reading order.
 */
export function TierBar({ totalSpend, targets }: { totalSpend: number; targets: Target[] }) {
  const layout = tierBarLayout(totalSpend, targets);
  const description = `Spend ${formatCurrency(totalSpend)} against ${layout.markers
    .map(
      (marker) =>
        `Target ${marker.targetNumber} ${formatCurrency(marker.amount, { decimals: 0 })}${totalSpend >= marker.amount ? ' (reached)' : ''}`,
    )
    .join(', ')}`;
  return (
    <div className={styles.tierBar} role="img" aria-label={description} tabIndex={0}>
      <div
        className={styles.tierTrack}
        style={{ height: TIER_BAR.heightPx, width: TIER_BAR.widthPx }}
        data-colour={layout.colour}
      >
        <div
          className={`${styles.tierFill} ${layout.colour === 'blue' ? styles.tierBlue : styles.tierOrange}`}
          style={{ height: layout.fillPx }}
        />
        {layout.markers.map((marker) => (
          <div key={marker.targetNumber} className={styles.tierMarker} style={{ bottom: marker.offsetPx }}>
            <span className={styles.tierLabel} aria-hidden="true">
              Target {marker.targetNumber}
              <br />
              {formatCurrency(marker.amount, { decimals: 0 })}
            </span>
          </div>
        ))}
      </div>
    </div>
  );
}
