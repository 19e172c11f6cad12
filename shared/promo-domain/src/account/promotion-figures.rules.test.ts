import { describe, expect, it } from 'vitest';
import { buildAccount, buildPromotionFigures } from '@promo/domain/testing';
import { noPromotionFigures, withPromotionFigures } from './promotion-figures.rules';

describe('withPromotionFigures', () => {
  it('spreads one promotion’s figures over the account’s maps', () => {
    const account = withPromotionFigures(
      buildAccount(),
      buildPromotionFigures({
        promotionId: 'P1',
        enrolled: true,
        joinedAt: 1000,
        selectedReward: '1:BBQ Hamper',
        totalSpend: 2500,
        percentage: 0.25,
        targets: [{ targetNumber: 1, amount: 10000 }],
        byDivision: { A: 2500 },
        dailySalesTargets: [400],
        currentDailySales: 125,
        baselineSpend: 8000,
        pastProgress: { '20261102': 1200, '20261103': 2500 },
      }),
    );
    expect(account).toMatchObject({
      enrolledPromotions: [{ promotionID: 'P1', joinedTimestamp: 1000 }],
      progressDetails: { P1: { totalSpend: 2500, byDivision: { A: 2500 } } },
      targetDetails: { P1: [{ targetNumber: 1, amount: 10000 }] },
      dailySalesTargets: { P1: [400] },
      currentDailySales: { P1: 125 },
      baselineSpend: { P1: 8000 },
      percentageAchieved: { P1: 0.25 },
      pastProgressDetails: { P1: { '20261102': { totalSpend: 1200 }, '20261103': { totalSpend: 2500 } } },
      promotionUserChoices: { P1: { selectedReward: '1:BBQ Hamper' } },
    });
  });

  it('lists no enrolment and no choice for a promotion not joined', () => {
    const account = withPromotionFigures(
      { ...buildAccount(), ...noPromotionFigures() },
      buildPromotionFigures({ promotionId: 'P2', enrolled: false, selectedReward: null }),
    );
    expect(account.enrolledPromotions).toEqual([]);
    expect(account.promotionUserChoices).toEqual({});
    expect(Object.keys(account.targetDetails)).toEqual(['P2']);
  });

  it('leaves out the join time it does not know', () => {
    const account = withPromotionFigures(
      buildAccount(),
      buildPromotionFigures({ promotionId: 'P1', enrolled: true, joinedAt: null }),
    );
    expect(account.enrolledPromotions).toEqual([{ promotionID: 'P1' }]);
  });

  it('keeps the other promotions and leaves the account it was given unchanged', () => {
    const first = withPromotionFigures(buildAccount(), buildPromotionFigures({ promotionId: 'P1' }));
    const second = withPromotionFigures(
      first,
      buildPromotionFigures({ promotionId: 'P2', selectedReward: null }),
    );
    expect(Object.keys(second.progressDetails)).toEqual(['P1', 'P2']);
    expect(Object.keys(first.progressDetails)).toEqual(['P1']);
    const cleared = withPromotionFigures(
      second,
      buildPromotionFigures({ promotionId: 'P1', selectedReward: null }),
    );
    expect(cleared.promotionUserChoices).toEqual({});
    expect(second.promotionUserChoices).toHaveProperty('P1');
  });
});
