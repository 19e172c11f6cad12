import type { Promotion, Target } from '@promo/domain/types';

export interface RewardChoice {
  /** 1-based. */
  targetNumber: number;
  prizeTitle: string;
}

export type RewardCheck = { ok: true; choices: RewardChoice[] } | { ok: false; message: string };

/**
 * Parses and checks a selectedReward string (docs/product-rules.md, 'Reward choice': comma-separated 'targetNumber:prizeTitle'
 * pairs, target numbers from 1) against the promotion's prizes and the account's targets.
 * Prize titles are matched exactly, as the client sends back the titles the server gave it.
 */
export function checkSelectedReward(
  selectedReward: string,
  promotion: Pick<Promotion, 'prizes' | 'disablePrizes'>,
  targets: readonly Target[],
): RewardCheck {
  if (promotion.disablePrizes) return { ok: false, message: 'This promotion has no rewards to choose from.' };
  const titles = new Set(promotion.prizes.map((prize) => prize.title));
  const choices: RewardChoice[] = [];
  for (const pair of selectedReward.split(',')) {
    const separator = pair.indexOf(':');
    const numberText = pair.slice(0, separator).trim();
    const prizeTitle = pair.slice(separator + 1).trim();
    if (separator < 0 || !/^\d+$/.test(numberText) || prizeTitle === '') {
      return { ok: false, message: `Reward choice "${pair}" is not in the form targetNumber:prizeTitle.` };
    }
    const targetNumber = Number(numberText);
    if (targetNumber < 1 || targetNumber > targets.length) {
      return { ok: false, message: `Target ${targetNumber} does not exist for this account.` };
    }
    if (!titles.has(prizeTitle))
      return { ok: false, message: `"${prizeTitle}" is not a reward of this promotion.` };
    if (choices.some((choice) => choice.targetNumber === targetNumber)) {
      return { ok: false, message: `Target ${targetNumber} has more than one reward choice.` };
    }
    choices.push({ targetNumber, prizeTitle });
  }
  return { ok: true, choices };
}

/** The canonical form stored and returned: pairs in target order, no stray spaces. */
export function encodeChoices(choices: readonly RewardChoice[]): string {
  return [...choices]
    .sort((a, b) => a.targetNumber - b.targetNumber)
    .map((choice) => `${choice.targetNumber}:${choice.prizeTitle}`)
    .join(',');
}
