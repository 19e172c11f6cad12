import { describe, expect, it } from 'vitest';
import { rewardForTarget } from './planned-reward.rules';

describe('rewardForTarget', () => {
  const prizes = [
    { title: 'Gourmet Hamper', content: '' },
    { title: 'BBQ Hamper', content: '' },
  ];

  it('names the reward chosen for the target, or offers the choice of the promotion rewards', () => {
    expect(rewardForTarget({ prizes }, '1:BBQ Hamper', 1)).toEqual({ kind: 'chosen', title: 'BBQ Hamper' });
    expect(rewardForTarget({ prizes }, '1:BBQ Hamper', 2)).toEqual({
      kind: 'choice',
      titles: ['Gourmet Hamper', 'BBQ Hamper'],
    });
  });

  it('ignores a saved title that is no longer a reward, and gives none when rewards are off', () => {
    expect(rewardForTarget({ prizes }, '1:Old Hamper', 1)).toMatchObject({ kind: 'choice' });
    expect(rewardForTarget({ prizes, disablePrizes: true }, '1:BBQ Hamper', 1)).toBeUndefined();
    expect(rewardForTarget({ prizes: [] }, undefined, 1)).toBeUndefined();
  });
});
