import { describe, expect, it } from 'vitest';
import {
  buildAccount,
  buildMultiTargetPromotion,
  buildSingleTargetPromotion,
  buildTargets,
  DAY_MS,
  TEST_PROMOTION_START,
  withFigures,
} from '@promo/domain/testing/data-generators';
import { appBadgeForAccount } from './app-badge.rules';

const now = TEST_PROMOTION_START + 10 * DAY_MS;
const hampers = buildMultiTargetPromotion();
const foodPack = buildSingleTargetPromotion();

describe('appBadgeForAccount', () => {
  it('counts the unlocked targets without a reward choice, across the promotions', () => {
    const account = withFigures(
      buildAccount(),
      // Targets 1 and 2 reached, only target 1 chosen: one waiting.
      {
        promotionId: hampers.id,
        targets: buildTargets(5_000, 10_000, 20_000),
        totalSpend: 12_000,
        selectedReward: '1:Gourmet Hamper',
      },
      // The one target reached, nothing chosen: one waiting.
      { promotionId: foodPack.id, targets: buildTargets(8_000), totalSpend: 9_000, selectedReward: null },
    );
    expect(appBadgeForAccount(account, [hampers, foodPack], now)).toBe(2);
  });

  it('drops as rewards are chosen, to 0', () => {
    const figures = { promotionId: hampers.id, targets: buildTargets(5_000, 10_000), totalSpend: 12_000 };
    const before = withFigures(buildAccount(), { ...figures, selectedReward: '1:Gourmet Hamper' });
    const after = withFigures(buildAccount(), {
      ...figures,
      selectedReward: '1:Gourmet Hamper,2:BBQ Hamper',
    });
    expect(appBadgeForAccount(before, [hampers], now)).toBe(1);
    expect(appBadgeForAccount(after, [hampers], now)).toBe(0);
  });

  it('counts nothing for a target not reached, a promotion not joined, locked choices or no prizes', () => {
    const reached = {
      promotionId: hampers.id,
      targets: buildTargets(5_000),
      totalSpend: 6_000,
      selectedReward: null,
    };
    expect(
      appBadgeForAccount(withFigures(buildAccount(), { ...reached, totalSpend: 4_999 }), [hampers], now),
    ).toBe(0);
    expect(
      appBadgeForAccount(withFigures(buildAccount(), { ...reached, enrolled: false }), [hampers], now),
    ).toBe(0);
    const account = withFigures(buildAccount(), reached);
    expect(appBadgeForAccount(account, [{ ...hampers, choicesLockTime: now - 1 }], now)).toBe(0);
    expect(appBadgeForAccount(account, [{ ...hampers, disablePrizes: true }], now)).toBe(0);
    expect(appBadgeForAccount(account, [{ ...hampers, status: 'done' }], now)).toBe(0);
    expect(appBadgeForAccount(account, [{ ...hampers, error: 'Not available' }], now)).toBe(0);
    expect(appBadgeForAccount(account, [hampers], now)).toBe(1);
  });

  it('counts nothing for a promotion the account has no figures for', () => {
    expect(appBadgeForAccount(buildAccount(), [hampers, foodPack], now)).toBe(0);
  });
});
