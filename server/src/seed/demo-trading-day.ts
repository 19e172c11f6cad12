import { isoDateOf, isTradingDay, dayKeyOf, nzDayNumber } from '@promo/domain/calendar/nz-calendar';
import type { DivisionCode } from '@promo/domain/types';
import { AccountStore, type PromotionProgress } from '../accounts/account-store';
import { readMeta, writeMeta, type Db } from '../db/open-database';
import { PromotionStore } from '../promotions/promotion-store';
import { Prng } from './prng';

/**
 * One more NZ trading day of demo spend (POST /dev/trading-day): the day after the last one with
 * figures, added to every account's series in the promotions running on it, as a daily sales load
 * would. Each account spends around its own average so far (half to 1.6 times it), so some slip,
 * some cross a target, and the notification job has something to say.
 */
const META_KEY = 'demo_trading_day';
const round2 = (value: number) => Math.round(value * 100) / 100;

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

function addSpend(row: PromotionProgress, key: string, spend: number) {
  const totalSpend = round2(row.totalSpend + spend);
  const pastProgress = { ...row.pastProgress, [key]: totalSpend };
  const byDivision = { ...row.byDivision };
  const first = (Object.keys(byDivision) as DivisionCode[])[0];
  if (first) byDivision[first] = round2((byDivision[first] ?? 0) + spend);
  return {
    totalSpend,
    pastProgress,
    byDivision,
    currentDailySales: round2(totalSpend / Object.keys(pastProgress).length),
  };
}

/** Adds the next trading day of spend to every account of the promotions running on it; answers its date. */
export function addDemoTradingDay(db: Db, now: number): string {
  const day = nextTradingDay(lastDayWithFigures(db, now));
  const key = dayKeyOf(day);
  const rng = new Prng(day);
  const accounts = new AccountStore(db);
  const promotions = new PromotionStore(db)
    .timespans()
    .filter((p) => nzDayNumber(p.startTimestamp) <= day && day <= nzDayNumber(p.endTimestamp));
  db.transaction(() => {
    for (const promotion of promotions) {
      for (const row of accounts.progressIn(promotion.id)) {
        const usual = row.currentDailySales || (row.dailySalesTargets[0] ?? 0);
        accounts.recordSpend(row, addSpend(row, key, round2(usual * rng.between(0.5, 1.6))));
      }
    }
    writeMeta(db, META_KEY, String(day));
  })();
  return isoDateOf(day);
}
