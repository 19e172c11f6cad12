import { describe, expect, it } from 'vitest';
import { checkSelectedReward, encodeChoices } from './selected-reward';

const PROMOTION = {
  prizes: [
    { title: 'Gourmet Hamper', content: '' },
    { title: 'BBQ Hamper', content: '' },
  ],
};
const THREE_TARGETS = [1, 2, 3].map((targetNumber) => ({ targetNumber, amount: targetNumber * 1000 }));

describe('checkSelectedReward', () => {
  it('parses pairs, tolerating spaces around them', () => {
    expect(checkSelectedReward(' 2:BBQ Hamper , 1:Gourmet Hamper', PROMOTION, THREE_TARGETS)).toEqual({
      ok: true,
      choices: [
        { targetNumber: 2, prizeTitle: 'BBQ Hamper' },
        { targetNumber: 1, prizeTitle: 'Gourmet Hamper' },
      ],
    });
  });

  it('matches prize titles exactly', () => {
    expect(checkSelectedReward('1:bbq hamper', PROMOTION, THREE_TARGETS)).toEqual({
      ok: false,
      message: '"bbq hamper" is not a reward of this promotion.',
    });
  });

  it('refuses any choice when prizes are disabled', () => {
    expect(checkSelectedReward('1:BBQ Hamper', { ...PROMOTION, disablePrizes: true }, THREE_TARGETS)).toEqual(
      {
        ok: false,
        message: 'This promotion has no rewards to choose from.',
      },
    );
  });

  it('refuses a trailing comma', () => {
    expect(checkSelectedReward('1:BBQ Hamper,', PROMOTION, THREE_TARGETS)).toEqual({
      ok: false,
      message: 'Reward choice "" is not in the form targetNumber:prizeTitle.',
    });
  });
});

describe('encodeChoices', () => {
  it('writes pairs in target order', () => {
    expect(
      encodeChoices([
        { targetNumber: 3, prizeTitle: 'BBQ Hamper' },
        { targetNumber: 1, prizeTitle: 'Gourmet Hamper' },
      ]),
    ).toBe('1:Gourmet Hamper,3:BBQ Hamper');
  });
});
