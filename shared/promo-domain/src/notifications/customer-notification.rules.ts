import { nzDayNumber } from '@promo/domain/calendar/nz-calendar';
import { formatCurrency, formatPerTradingDay } from '@promo/domain/format/format';
import { paceAdvice, type PaceAdvice, type TargetPace } from '@promo/domain/pace/pace.rules';
import {
  choicesLockTime,
  decodeSelectedReward,
  isChoiceLocked,
  targetsWithoutChoice,
  unlockedTargetNumbers,
} from '@promo/domain/promotion/selected-reward.rules';
import { paths } from '@promo/domain/paths';
import type { Promotion, Target } from '../types';
import { formatNzDate, type NotificationDecision } from './notification.rules';

/**
 * The customer's notifications (docs/product-rules.md, "Notifications"), decided from one account's
 * figures for one promotion. Each is about a state, not an event: the job's log makes sure each
 * goes once, so asking again tomorrow decides the same and sends nothing new.
 */

/** The next target is near when less than this share of it is still to go… */
export const NEAR_SHARE = 0.15;
/** …or less than this many dollars. */
export const NEAR_AMOUNT = 1000;
/** Reward choices are "closing" from this many NZ calendar days before they lock. */
export const CHOICE_CLOSING_DAYS = 3;
/** A promotion is "ending" from this many NZ trading days before its end (today included). */
export const ENDING_TRADING_DAYS = 5;

export type NotifiedPromotion = Pick<
  Promotion,
  'id' | 'name' | 'startTimestamp' | 'endTimestamp' | 'status' | 'choicesLockTime' | 'disablePrizes'
>;

/** One account's standing in one promotion. */
export interface CustomerPromotionState {
  accountId: string;
  promotion: NotifiedPromotion;
  enrolled: boolean;
  totalSpend: number;
  targets: readonly Target[];
  /** Encoded as selectedReward ('1:Gourmet Hamper,2:BBQ Hamper'). */
  selectedReward: string | null;
}

const isRunning = (promotion: NotifiedPromotion, now: number) =>
  promotion.status !== 'done' && promotion.startTimestamp <= now && now <= promotion.endTimestamp;

/** Unlocked targets still waiting for a reward choice, while choices are open: the app badge counts these. */
export function targetsAwaitingChoice(state: CustomerPromotionState, now: number): number[] {
  const { promotion } = state;
  if (!state.enrolled || promotion.disablePrizes || isChoiceLocked(promotion, now)) return [];
  if (promotion.status === 'done' || now < promotion.startTimestamp) return [];
  const unlocked = unlockedTargetNumbers(state.targets, state.totalSpend);
  return targetsWithoutChoice(decodeSelectedReward(state.selectedReward), unlocked);
}

/** The badge's number: unlocked targets waiting for a choice across the account's promotions. */
export function appBadgeCount(states: readonly CustomerPromotionState[], now: number): number {
  return states.reduce((sum, state) => sum + targetsAwaitingChoice(state, now).length, 0);
}

function unlockedDecisions(state: CustomerPromotionState, now: number): NotificationDecision[] {
  const { promotion } = state;
  return targetsAwaitingChoice(state, now).map((target) => ({
    kind: 'target-unlocked',
    accountId: state.accountId,
    promotionId: promotion.id,
    target,
    title: `Target ${target} unlocked`,
    body: `You've unlocked Target ${target} in ${promotion.name}. Choose your reward.`,
    path: paths.customerPromotion(promotion.id),
  }));
}

/** Whether the next target is near: under NEAR_SHARE of it or under NEAR_AMOUNT dollars to go. */
export function isTargetNear(next: Pick<TargetPace, 'amount' | 'remaining'>): boolean {
  return next.remaining > 0 && (next.remaining < NEAR_AMOUNT || next.remaining < next.amount * NEAR_SHARE);
}

const daysLeft = (days: number) => (days === 1 ? '1 trading day' : `${days} trading days`);
const dollarsToGo = (amount: number) => formatCurrency(Math.ceil(amount), { decimals: 0 });

function nearDecision(state: CustomerPromotionState, advice: PaceAdvice): NotificationDecision[] {
  const next = advice.nextTarget;
  if (!next || !isTargetNear(next) || advice.remainingTradingDays === 0) return [];
  const { promotion } = state;
  return [
    {
      kind: 'target-near',
      accountId: state.accountId,
      promotionId: promotion.id,
      target: next.targetNumber,
      title: `Target ${next.targetNumber} is within reach`,
      body:
        `You're ${dollarsToGo(next.remaining)} from Target ${next.targetNumber} in ${promotion.name}. ` +
        `${formatPerTradingDay(next.perTradingDayNeeded)} a trading day gets you there in the ` +
        `${daysLeft(advice.remainingTradingDays)} left.`,
      path: paths.customerPromotion(promotion.id),
    },
  ];
}

function closingDecision(state: CustomerPromotionState, now: number): NotificationDecision[] {
  const waiting = targetsAwaitingChoice(state, now);
  const lock = choicesLockTime(state.promotion);
  if (waiting.length === 0 || nzDayNumber(lock) - nzDayNumber(now) > CHOICE_CLOSING_DAYS) return [];
  const { promotion } = state;
  const targets = waiting.map((target) => `Target ${target}`).join(' and ');
  return [
    {
      kind: 'choice-closing',
      accountId: state.accountId,
      promotionId: promotion.id,
      title: 'Reward choices close soon',
      body: `Reward choices for ${promotion.name} close on ${formatNzDate(lock)}. Choose your reward for ${targets}.`,
      path: paths.customerPromotion(promotion.id),
    },
  ];
}

function endingDecision(state: CustomerPromotionState, advice: PaceAdvice): NotificationDecision[] {
  const first = advice.targets[0];
  const days = advice.remainingTradingDays;
  if (!first || first.reached || days === 0 || days > ENDING_TRADING_DAYS) return [];
  const { promotion } = state;
  return [
    {
      kind: 'promotion-ending',
      accountId: state.accountId,
      promotionId: promotion.id,
      title: `${promotion.name} ends soon`,
      body:
        `${promotion.name} ends on ${formatNzDate(promotion.endTimestamp)}, with ${daysLeft(days)} left. ` +
        `You're ${dollarsToGo(first.remaining)} from Target 1: ` +
        `${formatPerTradingDay(first.perTradingDayNeeded)} a trading day gets you there.`,
      path: paths.customerPromotion(promotion.id),
    },
  ];
}

/** Everything a customer could be told about one joined, running promotion at `now`. */
export function customerNotifications(state: CustomerPromotionState, now: number): NotificationDecision[] {
  if (!state.enrolled || !isRunning(state.promotion, now)) return [];
  const advice = paceAdvice({
    now,
    startTimestamp: state.promotion.startTimestamp,
    endTimestamp: state.promotion.endTimestamp,
    totalSpend: state.totalSpend,
    targets: state.targets,
  });
  return [
    ...unlockedDecisions(state, now),
    ...nearDecision(state, advice),
    ...closingDecision(state, now),
    ...endingDecision(state, advice),
  ];
}
