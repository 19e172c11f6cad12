import { formatCount } from '@promo/domain/format/format';
import { PACE_BAND_LABELS, PACE_BAND_MEANINGS, PACE_BANDS } from '@promo/domain/rep/rep-progress.rules';
import type { PaceBand, PaceBandCounts } from '@promo/domain/types';
import { useId } from 'react';
import styles from './pace-band-bar.module.css';

/** How the customers split between the pace bands, as one bar whose parts are the counts. */
export function PaceBandSplit({ counts, label }: { counts: PaceBandCounts; label?: string }) {
  const total = PACE_BANDS.reduce((sum, band) => sum + counts[band], 0);
  return (
    <span className={styles.bar} role={label ? 'img' : undefined} aria-label={label}>
      {total === 0 ? <span className={styles.empty} /> : null}
      {PACE_BANDS.map((band) =>
        counts[band] > 0 ? (
          <span
            key={band}
            className={`${styles.part} ${styles[band]}`}
            style={{ flexGrow: counts[band] }}
            data-band={band}
          />
        ) : null,
      )}
    </span>
  );
}

/** 'On pace 12, Slipping 3, Behind 4, Not joined 20': the bar in words. */
export function describeBands(counts: PaceBandCounts): string {
  return PACE_BANDS.map((band) => `${PACE_BAND_LABELS[band]} ${formatCount(counts[band])}`).join(', ');
}

/**
 * The rep's portfolio at a glance: the customers of the table (its band aside) split into on pace,
 * slipping, behind and not joined, as one stacked bar and a button per band with its name and count.
 * A band's button filters the table to that band; pressed again, it shows every band.
 *
 * Without counts (the summary still loading) it is drawn at its final size, an empty bar and the
 * band buttons without their counts, disabled, so that nothing below it moves when the counts
 * arrive (docs/decisions/038-rep-screens-load.md); each count has a slot of its own width.
 */
export function PaceBandBar({
  counts,
  selected,
  onSelect,
  busy = false,
}: {
  counts: PaceBandCounts | undefined;
  selected: PaceBand | undefined;
  onSelect: (band: PaceBand | undefined) => void;
  busy?: boolean;
}) {
  const headingId = useId();
  const meaningsId = useId();
  const loading = counts === undefined;
  return (
    <section className={styles.bands} aria-labelledby={headingId} aria-busy={busy || loading}>
      <h2 id={headingId} className={styles.heading}>
        Customers by pace
      </h2>
      {loading ? (
        <span className={styles.bar} role="status">
          <span className="visually-hidden">Loading pace bands…</span>
          <span className={styles.empty} />
        </span>
      ) : (
        <PaceBandSplit counts={counts} label={describeBands(counts)} />
      )}
      <div
        className={styles.buttons}
        role="group"
        aria-label="Pace band filter"
        aria-describedby={meaningsId}
      >
        {PACE_BANDS.map((band) => (
          <button
            key={band}
            type="button"
            className={styles.band}
            aria-pressed={selected === band}
            disabled={loading}
            onClick={() => onSelect(selected === band ? undefined : band)}
          >
            <span className={`${styles.swatch} ${styles[band]}`} aria-hidden="true" />
            <span>{PACE_BAND_LABELS[band]}</span>
            <strong className={styles.count}>{loading ? null : formatCount(counts[band])}</strong>
          </button>
        ))}
      </div>
      <p id={meaningsId} className={styles.meanings}>
        {PACE_BANDS.map((band) => `${PACE_BAND_LABELS[band]}: ${PACE_BAND_MEANINGS[band]}.`).join(' ')}
      </p>
    </section>
  );
}
