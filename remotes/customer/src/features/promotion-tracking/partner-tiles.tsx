import { divisionDetailsQueries } from '@promo/domain/configuration/division-details.queries';
import { formatCurrency } from '@promo/domain/format/format';
import { imageUrl } from '@promo/domain/promotion/promotion.queries';
import type { DivisionCode, ProgressDetails } from '@promo/domain/types';
import { useQuery } from '@promo/domain/query';
import { useId, useState } from 'react';
import styles from './tracking.module.css';

/** The tile names, in the screens' division order (Diesel Distributors shows as 'DDL'). */
const PARTNER_TILES: readonly { division: DivisionCode | 'total'; name: string }[] = [
  { division: 'total', name: 'Total Spend' },
  { division: 'A', name: 'Autolign' },
  { division: 'B', name: 'BNT' },
  { division: 'T', name: 'Truck & Trailer Parts' },
  { division: '2', name: 'HCB/JAS' },
  { division: 'P', name: 'Precision Equipment' },
  { division: 'D', name: 'DDL' },
  { division: 'N', name: 'NZ Brake Co' },
];

/** Partner tiles (docs/product-rules.md, 'Tracking view'): tapping one shows that division's spend (Total Spend to start with). */
export function PartnerTiles({ progress }: { progress: ProgressDetails }) {
  const id = useId();
  const [selected, setSelected] = useState<DivisionCode | 'total'>('total');
  const { data: divisions } = useQuery(divisionDetailsQueries.list());
  const spendOf = (division: DivisionCode | 'total') =>
    division === 'total' ? progress.totalSpend : (progress.byDivision[division] ?? 0);
  const selectedTile = PARTNER_TILES.find((tile) => tile.division === selected) ?? PARTNER_TILES[0];

  return (
    <section className={styles.partners} aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} className={styles.subheading}>
        Spend by partner
      </h3>
      <div className={styles.tiles}>
        {PARTNER_TILES.map((tile) => {
          const logo =
            tile.division === 'total'
              ? undefined
              : imageUrl(divisions?.find((entry) => entry.division === tile.division)?.logo);
          return (
            <button
              key={tile.division}
              type="button"
              className={styles.tile}
              aria-pressed={selected === tile.division}
              aria-controls={`${id}-spend`}
              onClick={() => setSelected(tile.division)}
            >
              {/* The tiles sit at the foot of the page: their logos load as the reader scrolls near. */}
              {logo ? (
                <img src={logo} alt="" width={72} height={24} loading="lazy" className={styles.tileLogo} />
              ) : null}
              <span>{tile.name}</span>
            </button>
          );
        })}
      </div>
      <p id={`${id}-spend`} className={styles.tileSpend} aria-live="polite">
        {selectedTile?.name}: <strong>{formatCurrency(spendOf(selected))}</strong>
      </p>
    </section>
  );
}
