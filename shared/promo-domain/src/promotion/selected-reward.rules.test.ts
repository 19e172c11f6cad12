import { describe, expect, it } from 'vitest';
import { buildPrizes, buildTargets } from '@promo/domain/testing/data-generators';
import {
  checkSelectedReward,
  choicesLockTime,
  choosableTargetNumbers,
  decodeSelectedReward,
  encodeSelectedReward,
  isChoiceLocked,
  rewardOptionLabel,
  sameChoices,
  targetsWithoutChoice,
  unlockedTargetNumbers,
} from './selected-reward.rules';

describe('encodeSelectedReward', () => {
  it("writes 'targetNumber:prizeTitle' pairs in target order, comma-separated", () => {
    expect(encodeSelectedReward({ 2: 'BBQ Hamper', 1: 'Gourmet Hamper' })).toBe(
      '1:Gourmet Hamper,2:BBQ Hamper',
    );
    expect(encodeSelectedReward({ 1: 'Build your Own Pack' })).toBe('1:Build your Own Pack');
  });
  it('leaves out targets without a title', () => {
    expect(encodeSelectedReward({ 1: 'Gourmet Hamper', 2: '' })).toBe('1:Gourmet Hamper');
    expect(encodeSelectedReward({})).toBe('');
  });
});

describe('decodeSelectedReward', () => {
  it('reads the pairs into titles by target number', () => {
    expect(decodeSelectedReward('1:Gourmet Hamper,2:BBQ Hamper')).toEqual({
      1: 'Gourmet Hamper',
      2: 'BBQ Hamper',
    });
  });
  it('splits at the first colon only, so a title may contain one', () => {
    expect(decodeSelectedReward('1:Pack: the big one')).toEqual({ 1: 'Pack: the big one' });
  });
  it('trims spaces and ignores malformed pairs', () => {
    expect(decodeSelectedReward(' 1 : BBQ Pack , x:Nope,0:Zero,3:,Breakfast Pack')).toEqual({
      1: 'BBQ Pack',
    });
  });
  it('is empty for nothing', () => {
    expect(decodeSelectedReward(undefined)).toEqual({});
    expect(decodeSelectedReward('')).toEqual({});
  });
  it('round-trips with encodeSelectedReward', () => {
    const encoded = '1:Gourmet Hamper,2:Coffee Lovers Hamper,3:BBQ Hamper';
    expect(encodeSelectedReward(decodeSelectedReward(encoded))).toBe(encoded);
  });
});

describe('choicesLockTime and isChoiceLocked', () => {
  const promotion = { choicesLockTime: 1_000, endTimestamp: 5_000 };
  it('locks from choicesLockTime on', () => {
    expect(choicesLockTime(promotion)).toBe(1_000);
    expect(isChoiceLocked(promotion, 999)).toBe(false);
    expect(isChoiceLocked(promotion, 1_000)).toBe(true);
  });
  it('locks at the end of the promotion when there is no lock time', () => {
    expect(choicesLockTime({ endTimestamp: 5_000 })).toBe(5_000);
    expect(isChoiceLocked({ endTimestamp: 5_000 }, 4_999)).toBe(false);
    expect(isChoiceLocked({ endTimestamp: 5_000 }, 5_000)).toBe(true);
  });
});

describe('unlockedTargetNumbers and choosableTargetNumbers', () => {
  const targets = [
    { targetNumber: 3, amount: 32000 },
    { targetNumber: 1, amount: 25800 },
    { targetNumber: 2, amount: 28300 },
  ];
  it('unlocks each target the spend has reached', () => {
    expect(unlockedTargetNumbers(targets, 27348.02)).toEqual([1]);
    expect(unlockedTargetNumbers(targets, 28300)).toEqual([1, 2]);
    expect(unlockedTargetNumbers(targets, 100)).toEqual([]);
  });
  it('offers target 1 while none is unlocked', () => {
    expect(choosableTargetNumbers(targets, 100)).toEqual([1]);
    expect(choosableTargetNumbers(targets, 40000)).toEqual([1, 2, 3]);
    expect(choosableTargetNumbers([], 100)).toEqual([]);
  });
});

describe('targetsWithoutChoice', () => {
  it('lists the targets that still need a reward', () => {
    expect(targetsWithoutChoice({ 1: 'Gourmet Hamper' }, [1, 2])).toEqual([2]);
    expect(targetsWithoutChoice({ 1: 'Gourmet Hamper', 2: 'BBQ Hamper' }, [1, 2])).toEqual([]);
  });
});

describe('sameChoices', () => {
  it('compares selections whatever their key order', () => {
    expect(sameChoices({ 1: 'A', 2: 'B' }, { 2: 'B', 1: 'A' })).toBe(true);
    expect(sameChoices({ 1: 'A' }, { 1: 'B' })).toBe(false);
  });
});

describe('rewardOptionLabel', () => {
  it("is 'Option n. title' from 1", () => {
    expect(rewardOptionLabel(0, 'Build your Own Pack')).toBe('Option 1. Build your Own Pack');
    expect(rewardOptionLabel(3, 'Family Feast Pack')).toBe('Option 4. Family Feast Pack');
  });
});

describe('checkSelectedReward', () => {
  const promotion = { prizes: buildPrizes('Gourmet Hamper', 'BBQ Hamper') };
  const threeTargets = buildTargets(1000, 2000, 3000);

  it('reads pairs, forgiving spaces around them', () => {
    expect(checkSelectedReward(' 2:BBQ Hamper , 1:Gourmet Hamper', promotion, threeTargets)).toEqual({
      ok: true,
      choices: { 1: 'Gourmet Hamper', 2: 'BBQ Hamper' },
    });
  });

  it('matches prize titles exactly', () => {
    expect(checkSelectedReward('1:bbq hamper', promotion, threeTargets)).toEqual({
      ok: false,
      message: '"bbq hamper" is not a reward of this promotion.',
    });
  });

  it('refuses any choice when prizes are disabled', () => {
    expect(checkSelectedReward('1:BBQ Hamper', { ...promotion, disablePrizes: true }, threeTargets)).toEqual({
      ok: false,
      message: 'This promotion has no rewards to choose from.',
    });
  });

  it.each([
    ['1:BBQ Hamper,', 'Reward choice "" is not in the form targetNumber:prizeTitle.'],
    ['BBQ Hamper', 'Reward choice "BBQ Hamper" is not in the form targetNumber:prizeTitle.'],
    ['x:BBQ Hamper', 'Reward choice "x:BBQ Hamper" is not in the form targetNumber:prizeTitle.'],
    ['1: ', 'Reward choice "1: " is not in the form targetNumber:prizeTitle.'],
    ['0:BBQ Hamper', 'Target 0 does not exist for this account.'],
    ['4:BBQ Hamper', 'Target 4 does not exist for this account.'],
    ['1:BBQ Hamper,1:Gourmet Hamper', 'Target 1 has more than one reward choice.'],
  ])('refuses %j where decodeSelectedReward forgives it', (selectedReward, message) => {
    expect(checkSelectedReward(selectedReward, promotion, threeTargets)).toEqual({ ok: false, message });
  });

  it('gives choices that encode to the stored form', () => {
    const check = checkSelectedReward('3:BBQ Hamper,1:Gourmet Hamper', promotion, threeTargets);
    expect(check.ok && encodeSelectedReward(check.choices)).toBe('1:Gourmet Hamper,3:BBQ Hamper');
  });
});
