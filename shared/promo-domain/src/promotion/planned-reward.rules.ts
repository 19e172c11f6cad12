import type { Promotion } from '../types';
import { decodeSelectedReward } from './selected-reward.rules';

/**
 * The reward the spend plan names for a target (docs/product-rules.md, 'Spend plan'). A module of
 * its own so that it comes with the plan's chunk, not with every page that reads reward choices.
 */

/** What reaching a target unlocks: the reward already chosen for it, or the promotion's choice of rewards. */
export type PlannedReward = { kind: 'chosen'; title: string } | { kind: 'choice'; titles: string[] };

/** What reaching `targetNumber` unlocks under a plan; undefined when the promotion gives no rewards to choose. */
export function rewardForTarget(
  promotion: Pick<Promotion, 'prizes' | 'disablePrizes'>,
  selectedReward: string | undefined,
  targetNumber: number,
): PlannedReward | undefined {
  if (promotion.disablePrizes || promotion.prizes.length === 0) return undefined;
  const titles = promotion.prizes.map((prize) => prize.title);
  const chosen = decodeSelectedReward(selectedReward)[targetNumber];
  return chosen && titles.includes(chosen) ? { kind: 'chosen', title: chosen } : { kind: 'choice', titles };
}
