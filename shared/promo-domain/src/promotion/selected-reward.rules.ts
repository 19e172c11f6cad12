import type { Promotion, Target } from '../types';

/**
 * Reward choices (docs/product-rules.md, 'Reward choice'): comma-separated
 * 'targetNumber:prizeTitle' pairs, target numbers from 1, e.g. '1:Gourmet Hamper,2:BBQ Hamper'.
 */

/** Prize title by target number. */
export type RewardChoices = Readonly<Record<number, string>>;

/** A 'number:title' pair, trimmed; undefined when the pair is not in that form. */
function readPair(pair: string): { targetNumber: number; title: string } | undefined {
  const separator = pair.indexOf(':');
  if (separator < 0) return undefined;
  const numberText = pair.slice(0, separator).trim();
  const title = pair.slice(separator + 1).trim();
  if (!/^\d+$/.test(numberText) || title === '') return undefined;
  return { targetNumber: Number(numberText), title };
}

/**
 * Reads an encoded selection. A title may itself contain ':' (only the first one separates); pairs
 * that are not 'number:title' are ignored, and a target's last pair wins.
 */
export function decodeSelectedReward(encoded: string | undefined | null): RewardChoices {
  const choices: Record<number, string> = {};
  for (const pair of (encoded ?? '').split(',')) {
    const read = readPair(pair);
    if (!read || read.targetNumber < 1) continue;
    choices[read.targetNumber] = read.title;
  }
  return choices;
}

export type SelectedRewardCheck = { ok: true; choices: RewardChoices } | { ok: false; message: string };

/**
 * Checks a selection a customer sends against the promotion's prizes and the account's targets: the
 * strict reading the server applies before it stores one (decodeSelectedReward forgives what this
 * refuses). Prize titles match exactly, as the client sends back the titles the server gave it.
 */
export function checkSelectedReward(
  selectedReward: string,
  promotion: Pick<Promotion, 'prizes' | 'disablePrizes'>,
  targets: readonly Target[],
): SelectedRewardCheck {
  if (promotion.disablePrizes) return { ok: false, message: 'This promotion has no rewards to choose from.' };
  const titles = new Set(promotion.prizes.map((prize) => prize.title));
  const choices: Record<number, string> = {};
  for (const pair of selectedReward.split(',')) {
    const read = readPair(pair);
    if (!read) {
      return { ok: false, message: `Reward choice "${pair}" is not in the form targetNumber:prizeTitle.` };
    }
    const { targetNumber, title } = read;
    if (targetNumber < 1 || targetNumber > targets.length) {
      return { ok: false, message: `Target ${targetNumber} does not exist for this account.` };
    }
    if (!titles.has(title)) return { ok: false, message: `"${title}" is not a reward of this promotion.` };
    if (targetNumber in choices) {
      return { ok: false, message: `Target ${targetNumber} has more than one reward choice.` };
    }
    choices[targetNumber] = title;
  }
  return { ok: true, choices };
}

/** Writes a selection in target order, the form the server stores. */
export function encodeSelectedReward(choices: RewardChoices): string {
  return Object.entries(choices)
    .filter(([, title]) => title.trim() !== '')
    .map(([targetNumber, title]) => [Number(targetNumber), title.trim()] as const)
    .sort((a, b) => a[0] - b[0])
    .map(([targetNumber, title]) => `${targetNumber}:${title}`)
    .join(',');
}

/**
 * When choices close: choicesLockTime, or the end of the promotion without one. The server refuses a
 * change from then on.
 */
export function choicesLockTime(promotion: Pick<Promotion, 'choicesLockTime' | 'endTimestamp'>): number {
  return promotion.choicesLockTime ?? promotion.endTimestamp;
}

/** Reward radios are disabled once choicesLockTime has passed. */
export function isChoiceLocked(
  promotion: Pick<Promotion, 'choicesLockTime' | 'endTimestamp'>,
  now: number,
): boolean {
  return now >= choicesLockTime(promotion);
}

/** Target numbers the spend has reached, in order. */
export function unlockedTargetNumbers(targets: readonly Target[], totalSpend: number): number[] {
  return targets
    .filter((target) => totalSpend >= target.amount)
    .map((target) => target.targetNumber)
    .sort((a, b) => a - b);
}

/**
 * The targets a customer picks a reward for in the multi-target panel: those unlocked, or the first
 * target while none is (so the reward for target 1 can be chosen before it is reached).
 */
export function choosableTargetNumbers(targets: readonly Target[], totalSpend: number): number[] {
  const unlocked = unlockedTargetNumbers(targets, totalSpend);
  if (unlocked.length > 0) return unlocked;
  const first = targets.toSorted((a, b) => a.targetNumber - b.targetNumber)[0];
  return first ? [first.targetNumber] : [];
}

/** Update Selection needs a choice per unlocked target: the targets still without one. */
export function targetsWithoutChoice(choices: RewardChoices, targetNumbers: readonly number[]): number[] {
  return targetNumbers.filter((targetNumber) => !choices[targetNumber]);
}

/** Whether two selections name the same prize for the same targets. */
export function sameChoices(a: RewardChoices, b: RewardChoices): boolean {
  return encodeSelectedReward(a) === encodeSelectedReward(b);
}

/** The single-target radios: 'Option n. title', n from 1 in prize order. */
export function rewardOptionLabel(index: number, title: string): string {
  return `Option ${index + 1}. ${title}`;
}
