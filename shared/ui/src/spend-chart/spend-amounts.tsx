import { formatCurrency, formatDate } from '@promo/domain/format/format';
import { dayKeyToLocalNoon, nzDayKey } from '@promo/domain/calendar/nz-calendar';
import type { SpendProjection } from '@promo/domain/pace/projection.rules';
import type { CSSProperties } from 'react';
import { CHART_COLOURS } from './chart-colours';
import styles from './spend-chart.module.css';

/** Where each line of the chart ends, which the amounts beside it and its description both state. */
export interface SpendFigures {
  /** The spend so far: where the actual line ends. */
  totalSpend: number;
  /** The first target's amount, where the straight-line target ends; undefined without targets. */
  firstTarget: number | undefined;
  projection?: SpendProjection;
  /** The projection's name, as the chart's tooltip gives it ('At your pace', 'At this pace'). */
  projectionLabel: string;
}

function formatFigures({ totalSpend, firstTarget, projection }: SpendFigures) {
  return {
    actual: formatCurrency(totalSpend),
    target: firstTarget === undefined ? '–' : formatCurrency(firstTarget, { decimals: 0 }),
    // Nothing is projected before a trading day has elapsed or once none remains: then no amount.
    projected: projection?.days.some((day) => day.projected !== null)
      ? formatCurrency(projection.endSpend, { decimals: 0 })
      : undefined,
  };
}

/** A promotion's date (an NZ date) as 'D MMMM YYYY', the same on a device in any time zone. */
const nzDate = (epochMs: number) => formatDate(dayKeyToLocalNoon(nzDayKey(epochMs)));

/** The chart's accessible name: its dates and where each of its lines ends, in words. */
export function spendChartDescription(
  figures: SpendFigures & { startTimestamp: number; endTimestamp: number },
): string {
  const { actual, target, projected } = formatFigures(figures);
  const label = figures.projectionLabel;
  const projection =
    projected === undefined
      ? ''
      : `; ${label.charAt(0).toLowerCase()}${label.slice(1)}, ${projected} by the end`;
  return `Spend chart from ${nzDate(figures.startTimestamp)} to ${nzDate(figures.endTimestamp)}: actual spend ${actual} against a straight-line target reaching ${target} at the end${projection}.`;
}

/** One of the amounts beside the chart, with its line's swatch as the key. */
function Amount(props: { label: string; value: string; swatch: CSSProperties; dashed?: boolean }) {
  return (
    <div>
      <dt>
        <span
          className={props.dashed ? `${styles.swatch} ${styles.swatchDashed}` : styles.swatch}
          style={props.swatch}
          aria-hidden="true"
        />
        {props.label}
      </dt>
      <dd>{props.value}</dd>
    </div>
  );
}

/** The chart's key: Actual, Target and the projection, each with the amount its line ends on. */
export function SpendAmounts(figures: SpendFigures) {
  const { actual, target, projected } = formatFigures(figures);
  return (
    <dl className={styles.amounts}>
      <Amount label="Actual" swatch={{ background: CHART_COLOURS.actual }} value={actual} />
      <Amount label="Target" swatch={{ borderColor: CHART_COLOURS.target }} dashed value={target} />
      {projected === undefined ? null : (
        <Amount
          label={figures.projectionLabel}
          swatch={{ borderColor: CHART_COLOURS.projection }}
          dashed
          value={projected}
        />
      )}
    </dl>
  );
}
