import { dayKeyToLocalNoon, nzDayKey } from '@promo/domain/calendar/nz-calendar';
import { formatCurrency, formatDayMonth } from '@promo/domain/format/format';
import {
  spendPlanBasis,
  type PlannedTarget,
  type SpendPlanBasis,
} from '@promo/domain/pace/planned-targets.rules';
import {
  currentWeeklySpend,
  planStatus,
  readWeeklySpend,
  spendPlan,
  weeklySpendToReach,
  type SpendPlan,
} from '@promo/domain/pace/spend-plan.rules';
import { rewardForTarget, type PlannedReward } from '@promo/domain/promotion/planned-reward.rules';
import type { Promotion, Target } from '@promo/domain/types';
import { Button } from '@promo/ui/button';
import { TextField } from '@promo/ui/text-field';
import { useMemo, useState } from 'react';
import styles from './spend-plan.module.css';

interface SpendPlanPanelProps {
  promotion: Pick<Promotion, 'startTimestamp' | 'endTimestamp' | 'prizes' | 'disablePrizes'>;
  /** Dollars ex GST in the account's figures for this promotion. */
  totalSpend: number;
  targets: readonly Target[];
  /** The customer's saved reward choices for this promotion (encoded selectedReward). */
  selectedReward: string | undefined;
  now: number;
  /** What the field holds, as typed; undefined until the customer types, then the plan starts at their pace. */
  text: string | undefined;
  onTextChange: (text: string) => void;
}

/** An NZ date ('YYYYMMDD') as 'D MMMM', the same date on a device in any time zone (as the pace advice). */
const dayMonth = (key: string) => formatDayMonth(dayKeyToLocalNoon(key));
const weekly = (amount: number) => `${formatCurrency(amount, { decimals: 0 })} a week`;

function outcomeText(target: PlannedTarget, end: string): string {
  if (target.status === 'crosses') return `reached on ${dayMonth(target.dayKey)}`;
  return target.status === 'reached' ? 'reached already' : `not reached by ${end}`;
}

/** The plan in one sentence: the slider's aria-valuetext and the screen reader's status. */
function planSummary(plan: SpendPlan, end: string): string {
  const open = plan.targets.filter((target) => target.status !== 'reached');
  const outcomes = open.map((target) => `Target ${target.targetNumber} ${outcomeText(target, end)}`);
  return `${weekly(plan.weeklySpend)}: ${outcomes.join('; ')}`;
}

function rewardText(reward: PlannedReward): string {
  if (reward.kind === 'chosen') return `Unlocks your chosen reward: ${reward.title}`;
  const titles = reward.titles;
  const list = titles.length > 1 ? `${titles.slice(0, -1).join(', ')} or ${titles.at(-1)}` : titles[0];
  return `Unlocks a reward of your choice: ${list}`;
}

/**
 * The last weekly spend that could be read: the outcomes stay on it while the field holds something
 * that cannot be (state kept from an earlier render, as React documents for it).
 */
function useLastGood(value: number | undefined, initial: number): number {
  const [last, setLast] = useState(initial);
  if (value !== undefined && value !== last) setLast(value);
  return value ?? last;
}

/** The slider's top: past the weekly spend of the highest target and the customer's own pace, on its step. */
function sliderScale(basis: SpendPlanBasis): { max: number; step: number } {
  const needs = weeklySpendToReach(basis).map((need) => need.weeklySpend);
  const top = Math.max(1_000, currentWeeklySpend(basis), ...needs) * 1.25;
  const step = top > 100_000 ? 500 : top > 20_000 ? 100 : 50;
  return { max: Math.ceil(top / step) * step, step };
}

function PlanOutcomes({
  plan,
  end,
  rewardOf,
}: {
  plan: SpendPlan;
  end: string;
  rewardOf: (n: number) => PlannedReward | undefined;
}) {
  return (
    <ul className={styles.outcomes}>
      {plan.targets
        .filter((target) => target.status !== 'reached')
        .map((target) => {
          const reward = rewardOf(target.targetNumber);
          return (
            <li
              key={target.targetNumber}
              className={target.status === 'crosses' ? styles.reaches : styles.misses}
            >
              <strong>
                Target {target.targetNumber} ({formatCurrency(target.amount, { decimals: 0 })}):{' '}
                {outcomeText(target, end)}
              </strong>
              {reward ? <span>{rewardText(reward)}</span> : null}
            </li>
          );
        })}
    </ul>
  );
}

function WeeklyNeeds({
  basis,
  end,
  onUse,
}: {
  basis: SpendPlanBasis;
  end: string;
  onUse: (amount: number) => void;
}) {
  return (
    <>
      <h4 className={styles.subheading}>To reach each target by {end}</h4>
      <ul className={styles.needs}>
        {weeklySpendToReach(basis).map((need) => (
          <li key={need.targetNumber}>
            <span>{`Target ${need.targetNumber}: ${weekly(need.weeklySpend)}`}</span>
            <Button
              variant="secondary"
              onClick={() => onUse(need.weeklySpend)}
              aria-label={`Plan this: ${weekly(need.weeklySpend)} for Target ${need.targetNumber}`}
            >
              Plan this
            </Button>
          </li>
        ))}
      </ul>
    </>
  );
}

/** The plan's figures for what the field holds: worked out from the account once, the plan per value. */
function usePlan({ promotion, totalSpend, targets, now, text }: SpendPlanPanelProps) {
  const basis = useMemo(
    () =>
      spendPlanBasis({
        now,
        startTimestamp: promotion.startTimestamp,
        endTimestamp: promotion.endTimestamp,
        totalSpend,
        targets,
      }),
    [now, promotion.startTimestamp, promotion.endTimestamp, totalSpend, targets],
  );
  const pace = Math.round(currentWeeklySpend(basis));
  const start = pace > 0 ? pace : (weeklySpendToReach(basis)[0]?.weeklySpend ?? 0);
  const scale = useMemo(() => sliderScale(basis), [basis]);
  const typed = text ?? String(start);
  const read = readWeeklySpend(typed);
  const lastGood = useLastGood(read.ok ? read.value : undefined, start);
  const plan = useMemo(() => spendPlan(basis, lastGood), [basis, lastGood]);
  return { basis, status: planStatus(basis), pace, scale, typed, read, lastGood, plan };
}

/**
 * docs/product-rules.md, 'Spend plan': the weekly spend the customer plans, the day each remaining
 * target would be reached with the reward it unlocks, and the weekly spend that reaches each by the
 * end date. Everything is worked out here from the saved account (spend-plan.rules), so it answers
 * offline and asks the server nothing while the value changes. The field keeps what was typed,
 * however wrong; the outcomes stay at the last weekly spend that could be read, and say which.
 */
export default function SpendPlanPanel(props: SpendPlanPanelProps) {
  const { promotion, selectedReward, onTextChange } = props;
  // The slider reads its outcome itself (aria-valuetext); the status speaks for the field and buttons.
  const [changedBy, setChangedBy] = useState<'field' | 'slider'>('field');
  const { basis, status, pace, scale, typed, read, lastGood, plan } = usePlan(props);
  const end = dayMonth(nzDayKey(promotion.endTimestamp));

  if (status !== 'open') {
    return (
      <p className={styles.empty} role="status">
        {status === 'all-reached'
          ? 'You have reached every target. There is nothing left to plan.'
          : 'This promotion has ended, so there are no trading days left to plan.'}
      </p>
    );
  }
  const summary = planSummary(plan, end);
  return (
    <div className={styles.panel}>
      <p className={styles.intro}>
        See which reward a weekly spend reaches, and when. Enter what you could spend each week from today, ex
        GST. Each trading day adds a fifth of it, so a week with a public holiday adds less.
      </p>
      <TextField
        label="Weekly spend ($, ex GST)"
        inputMode="decimal"
        autoComplete="off"
        value={typed}
        onChange={(event) => {
          setChangedBy('field');
          onTextChange(event.currentTarget.value);
        }}
        error={read.ok ? undefined : read.message}
        hint={pace > 0 ? `Your pace so far is about ${weekly(pace)}.` : undefined}
      />
      <input
        type="range"
        className={styles.slider}
        min={0}
        max={Math.max(scale.max, lastGood)}
        step={scale.step}
        value={lastGood}
        aria-label="Weekly spend"
        aria-valuetext={summary}
        onChange={(event) => {
          setChangedBy('slider');
          onTextChange(event.currentTarget.value);
        }}
      />
      <h4 className={styles.subheading}>At {weekly(plan.weeklySpend)}</h4>
      <PlanOutcomes plan={plan} end={end} rewardOf={(n) => rewardForTarget(promotion, selectedReward, n)} />
      <p className="visually-hidden" role="status">
        {changedBy === 'field' ? summary : ''}
      </p>
      <WeeklyNeeds
        basis={basis}
        end={end}
        onUse={(amount) => {
          setChangedBy('field');
          onTextChange(String(amount));
        }}
      />
    </div>
  );
}
