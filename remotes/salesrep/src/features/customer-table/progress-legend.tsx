import { paceLabel, type RepBarColour } from '@promo/domain/rep-progress';
import styles from './progress-legend.module.css';

const COLOURS: RepBarColour[] = ['green', 'orange', 'red'];

/** What the bar colours mean (repBarColour), so that colour is never the only cue. */
export function ProgressLegend() {
  return (
    <ul className={styles.legend} aria-label="Progress bar colours">
      {COLOURS.map((colour) => (
        <li key={colour}>
          <span className={`${styles.swatch} ${styles[colour]}`} aria-hidden="true" />
          {paceLabel(colour).replace(/^./, (first) => first.toUpperCase())}
        </li>
      ))}
    </ul>
  );
}
