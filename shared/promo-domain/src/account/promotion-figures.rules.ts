import type { Account, DivisionCode, PromotionId, Target } from '../types';

/**
 * One account's figures for one promotion, as the server keeps them (a row per account and
 * promotion). An Account carries them spread over one map per figure, keyed by promotion id;
 * withPromotionFigures is the one place that says where each figure goes.
 */
export interface PromotionFigures {
  promotionId: PromotionId;
  enrolled: boolean;
  joinedAt: number | null;
  /** Encoded (@promo/domain/selected-reward); null while nothing is chosen. */
  selectedReward: string | null;
  totalSpend: number;
  /** Fraction 0-1 of the first target. */
  percentage: number;
  targets: Target[];
  byDivision: Partial<Record<DivisionCode, number>>;
  dailySalesTargets: number[];
  currentDailySales: number;
  baselineSpend: number;
  /**
   * 'YYYYMMDD' -> cumulative spend at the end of that day. Flat (a number, not the API's
   * { totalSpend }) because it is the bulk of the server's data: half the bytes and no object per day.
   */
  pastProgress: Record<string, number>;
}

/** The fields of an Account that hold its promotion figures. */
export type AccountPromotionFields = Pick<
  Account,
  | 'enrolledPromotions'
  | 'progressDetails'
  | 'targetDetails'
  | 'dailySalesTargets'
  | 'currentDailySales'
  | 'baselineSpend'
  | 'percentageAchieved'
  | 'pastProgressDetails'
  | 'promotionUserChoices'
>;

/** An account's promotion fields before any promotion's figures are added. */
export function noPromotionFigures(): AccountPromotionFields {
  return {
    enrolledPromotions: [],
    progressDetails: {},
    targetDetails: {},
    dailySalesTargets: {},
    currentDailySales: {},
    baselineSpend: {},
    percentageAchieved: {},
    pastProgressDetails: {},
    promotionUserChoices: {},
  };
}

/**
 * The account with one promotion's figures added (replacing that promotion's earlier figures; an
 * enrolment is appended, so add each promotion once, in the order the account lists them).
 */
export function withPromotionFigures<A extends AccountPromotionFields>(
  account: A,
  figures: PromotionFigures,
): A {
  const id = figures.promotionId;
  const pastProgress: Record<string, { totalSpend: number }> = {};
  for (const [day, totalSpend] of Object.entries(figures.pastProgress)) pastProgress[day] = { totalSpend };
  const choices = { ...account.promotionUserChoices };
  if (figures.selectedReward !== null) choices[id] = { selectedReward: figures.selectedReward };
  else delete choices[id];
  return {
    ...account,
    enrolledPromotions: figures.enrolled
      ? [
          ...account.enrolledPromotions,
          { promotionID: id, ...(figures.joinedAt !== null ? { joinedTimestamp: figures.joinedAt } : {}) },
        ]
      : account.enrolledPromotions,
    progressDetails: {
      ...account.progressDetails,
      [id]: { totalSpend: figures.totalSpend, byDivision: figures.byDivision },
    },
    targetDetails: { ...account.targetDetails, [id]: figures.targets },
    dailySalesTargets: { ...account.dailySalesTargets, [id]: figures.dailySalesTargets },
    currentDailySales: { ...account.currentDailySales, [id]: figures.currentDailySales },
    baselineSpend: { ...account.baselineSpend, [id]: figures.baselineSpend },
    percentageAchieved: { ...account.percentageAchieved, [id]: figures.percentage },
    pastProgressDetails: { ...account.pastProgressDetails, [id]: pastProgress },
    promotionUserChoices: choices,
  };
}
