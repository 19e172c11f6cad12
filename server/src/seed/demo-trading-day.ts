import { isoDateOf, isTradingDay, dayKeyOf, nzDayNumber } from '@promo/domain/calendar/nz-calendar';
import { amountToNextTarget } from '@promo/domain/rep/rep-progress.rules';
import { achievement } from '@promo/domain/promotion/target-progress.rules';
import type { DivisionCode } from '@promo/domain/types';
import { readColumn } from '../accounts/progress-columns';
import { readMeta, writeMeta, type Db } from '../db/open-database';
import { Prng } from './prng';

/**
 * One more NZ trading day of demo spend (POST /dev/trading-day): the day after the last one with
 * figures, added to every account's series in the promotions running on it, as a daily sales load
 * would. Each account spends around its own average so far (half to 1.6 times it), so some slip,
 * some cross a target, and the notification job has something to say.
 */
const META_KEY = 'demo_trading_day';
const round2 = (value: number) => Math.round(value * 100) / 100;

interface Row {
  rowid: number;
  total_spend: number;
  first_target: number;
  targets: string;
  by_division: string;
  daily_sales_targets: string;
  current_daily_sales: number;
  past_progress: string;
}

/** The next trading day after `day`. */
function nextTradingDay(day: number): number {
  let next = day + 1;
  while (!isTradingDay(next)) next += 1;
  return next;
}

/** The last day with figures: the one this added last, else the trading day before today (the seed's last). */
function lastDayWithFigures(db: Db, now: number): number {
  const stored = readMeta(db, META_KEY);
  if (stored) return Number(stored);
  let day = nzDayNumber(now) - 1;
  while (!isTradingDay(day)) day -= 1;
  return day;
}

function addSpend(row: Row, key: string, spend: number) {
  const total = round2(row.total_spend + spend);
  const past = { ...readColumn('account_promotions.past_progress', row.past_progress), [key]: total };
  const byDivision = readColumn('account_promotions.by_division', row.by_division);
  const divisions = Object.keys(byDivision) as DivisionCode[];
  const first = divisions[0];
  if (first) byDivision[first] = round2((byDivision[first] ?? 0) + spend);
  const targets = readColumn('account_promotions.targets', row.targets);
  return {
    total,
    ...achievement(targets, total),
    pastProgress: JSON.stringify(past),
    byDivision: JSON.stringify(byDivision),
    average: round2(total / Object.keys(past).length),
    gap: amountToNextTarget(total, targets),
  };
}

/** Adds the next trading day of spend to every account of the promotions running on it; answers its date. */
export function addDemoTradingDay(db: Db, now: number): string {
  const day = nextTradingDay(lastDayWithFigures(db, now));
  const key = dayKeyOf(day);
  const rng = new Prng(day);
  const promotions = (
    db.prepare('SELECT id, start_ts, end_ts FROM promotions').all() as {
      id: string;
      start_ts: number;
      end_ts: number;
    }[]
  ).filter((p) => nzDayNumber(p.start_ts) <= day && day <= nzDayNumber(p.end_ts));
  const select = db.prepare(
    `SELECT rowid, total_spend, first_target, targets, by_division, daily_sales_targets, current_daily_sales, past_progress
     FROM account_promotions WHERE promotion_id = ? ORDER BY account_id`,
  );
  const update = db.prepare(
    `UPDATE account_promotions SET total_spend = ?, percentage = ?, progress = ?, past_progress = ?, by_division = ?,
       current_daily_sales = ?, next_target_gap = ? WHERE rowid = ?`,
  );
  db.transaction(() => {
    for (const promotion of promotions) {
      for (const row of select.all(promotion.id) as Row[]) {
        const usual =
          row.current_daily_sales ||
          (readColumn('account_promotions.daily_sales_targets', row.daily_sales_targets)[0] ?? 0);
        const next = addSpend(row, key, round2(usual * rng.between(0.5, 1.6)));
        update.run(
          next.total,
          next.percentageAchieved,
          next.progress,
          next.pastProgress,
          next.byDivision,
          next.average,
          next.gap,
          row.rowid,
        );
      }
    }
    writeMeta(db, META_KEY, String(day));
  })();
  return isoDateOf(day);
}
