import {
  buildAccount,
  buildDivisionAccount,
  buildTargets,
  DAY_MS,
  promotionDates,
  TEST_PROMOTION_START,
} from '@promo/domain/testing/data-generators';
import { describe, expect, it } from 'vitest';
import {
  emptyBandCounts,
  requestedBands,
  requestedBranches,
  requestedText,
  searchedFields,
  searchItem,
  searchKey,
  searchOrder,
  searchPace,
  searchPage,
  searchPromotion,
  type SearchItemFigures,
} from './customer-search.rules';
import { nextTargetNeed, PACE_BANDS, promotionPace } from './rep-progress.rules';

describe('searchPromotion', () => {
  it('reads hasTargetsFor first, then enrolledIn, then notEnrolledIn', () => {
    expect(
      searchPromotion({ filters: { hasTargetsFor: 'P1', enrolledIn: 'P2', notEnrolledIn: 'P3' } })
        .promotionId,
    ).toBe('P1');
    expect(searchPromotion({ filters: { enrolledIn: 'P2', notEnrolledIn: 'P3' } }).promotionId).toBe('P2');
    expect(searchPromotion({ filters: { notEnrolledIn: 'P3' } }).promotionId).toBe('P3');
    expect(searchPromotion({ filters: { searchText: 'ltd' } }).promotionId).toBeUndefined();
    expect(searchPromotion({}).promotionId).toBeUndefined();
  });

  it('has a progress row for every match with hasTargetsFor or enrolledIn, not notEnrolledIn alone', () => {
    expect(searchPromotion({ filters: { hasTargetsFor: 'P1' } }).everyMatchHasRow).toBe(true);
    expect(searchPromotion({ filters: { enrolledIn: 'P1' } }).everyMatchHasRow).toBe(true);
    expect(searchPromotion({ filters: { notEnrolledIn: 'P1' } }).everyMatchHasRow).toBe(false);
    expect(searchPromotion({}).everyMatchHasRow).toBe(false);
  });
});

describe('searchPace', () => {
  it("is the promotion's pace at now, and no elapsed day without a promotion", () => {
    const now = TEST_PROMOTION_START + 10 * DAY_MS;
    const promotion = promotionDates(now);
    expect(searchPace(promotion, now)).toEqual(
      promotionPace(now, promotion.startTimestamp, promotion.endTimestamp),
    );
    expect(searchPace(promotion, now).elapsedTradingDays).toBeGreaterThan(0);
    expect(searchPace(undefined, now)).toEqual({ elapsedTradingDays: 0, tradingDays: 0 });
  });
});

describe('requestedBands', () => {
  it('is every band, in order, when the request names none', () => {
    expect(requestedBands({ filters: { hasTargetsFor: 'P1' } })).toEqual(PACE_BANDS);
    expect(requestedBands({})).toEqual(['on-pace', 'slipping', 'behind', 'not-joined']);
  });

  it('takes one band or a list, without repeats and in PACE_BANDS order', () => {
    expect(requestedBands({ filters: { hasTargetsFor: 'P1', band: 'behind' } })).toEqual(['behind']);
    expect(
      requestedBands({
        filters: { hasTargetsFor: 'P1', band: ['not-joined', 'behind', 'on-pace', 'behind'] },
      }),
    ).toEqual(['on-pace', 'behind', 'not-joined']);
  });
});

describe('requestedBranches', () => {
  it('is no branch filter when the list is missing or empty', () => {
    expect(requestedBranches({ filters: { hasTargetsFor: 'P1' } })).toBeUndefined();
    expect(requestedBranches({ filters: { branchID: [] } })).toBeUndefined();
  });

  it('is the listed branches otherwise', () => {
    expect(requestedBranches({ filters: { branchID: ['101', '205'] } })).toEqual(['101', '205']);
  });
});

describe('the search text', () => {
  it('is trimmed, and blank or missing is no text filter', () => {
    expect(requestedText({ filters: { searchText: '  Auto Ltd \n' } })).toBe('Auto Ltd');
    expect(requestedText({ filters: { searchText: '   ' } })).toBe('');
    expect(requestedText({ filters: {} })).toBe('');
    expect(requestedText({})).toBe('');
  });

  it('is compared lowercased, with the id, the name and each division account id', () => {
    expect(searchKey('Mō Motors %_')).toBe('mō motors %_');
    const account = buildAccount({
      id: 'G100001',
      name: 'Test Motors Ltd',
      divisionDetails: [buildDivisionAccount({ id: 'ATL10001' }), buildDivisionAccount({ id: 'BNT20002' })],
    });
    expect(searchedFields(account)).toEqual(['G100001', 'Test Motors Ltd', 'ATL10001', 'BNT20002']);
    const text = searchKey(requestedText({ filters: { searchText: ' motors ' } }));
    expect(
      searchedFields(account)
        .map(searchKey)
        .some((field) => field.includes(text)),
    ).toBe(true);
  });
});

describe('searchOrder', () => {
  it('sorts by percentage, highest first, when the request names no sort, then by account id', () => {
    const byDefault = [
      { key: 'percentage', direction: 'desc' },
      { key: 'id', direction: 'asc' },
    ];
    expect(searchOrder({})).toEqual(byDefault);
    expect(searchOrder({ sort: [] })).toEqual(byDefault);
  });

  it("keeps the request's keys in turn and breaks ties by account id, ascending", () => {
    expect(
      searchOrder({
        sort: [
          { key: 'needsAttention', direction: 'asc' },
          { key: 'name', direction: 'desc' },
        ],
      }),
    ).toEqual([
      { key: 'needsAttention', direction: 'asc' },
      { key: 'name', direction: 'desc' },
      { key: 'id', direction: 'asc' },
    ]);
  });
});

describe('searchPage', () => {
  it('is the first 10 matches by default, else the offset and limit asked for', () => {
    expect(searchPage({})).toEqual({ offset: 0, limit: 10 });
    expect(searchPage({ offset: 90, limit: 25 })).toEqual({ offset: 90, limit: 25 });
  });
});

describe('searchItem', () => {
  const now = TEST_PROMOTION_START + 10 * DAY_MS;
  const promotion = promotionDates(now);
  const figures: SearchItemFigures = {
    id: 'G100001',
    name: 'Test Motors Ltd',
    primaryRegion: 'Auckland',
    customerIds: ['ATL10001'],
    totalSpend: 4_000,
    percentageAchieved: 0.4,
    targets: buildTargets(10_000, 20_000),
    firstTarget: 10_000,
    enrolled: true,
    hasRow: true,
  };

  it('answers the figures with what the next target needs by the end of the promotion', () => {
    const item = searchItem(figures, promotion, now);
    const nextTarget = nextTargetNeed({ now, ...promotion, totalSpend: 4_000, targets: figures.targets });
    expect(nextTarget).toMatchObject({ targetNumber: 1, amount: 10_000, remaining: 6_000 });
    expect(item).toEqual({
      id: 'G100001',
      name: 'Test Motors Ltd',
      primaryRegion: 'Auckland',
      customerIds: ['ATL10001'],
      totalSpend: 4_000,
      percentageAchieved: 0.4,
      targets: figures.targets,
      firstTarget: 10_000,
      enrolled: true,
      nextTarget,
    });
    expect(Object.keys(item)).not.toContain('hasRow');
  });

  it('leaves nextTarget out without a progress row or a promotion, or once every target is reached', () => {
    for (const item of [
      searchItem({ ...figures, hasRow: false }, promotion, now),
      searchItem(figures, undefined, now),
      searchItem({ ...figures, totalSpend: 25_000 }, promotion, now),
    ]) {
      expect(item).not.toHaveProperty('nextTarget');
      expect(item.id).toBe('G100001');
    }
  });
});

describe('emptyBandCounts', () => {
  it('counts every band at 0, a new record each time', () => {
    const counts = emptyBandCounts();
    expect(counts).toEqual({ 'on-pace': 0, slipping: 0, behind: 0, 'not-joined': 0 });
    expect(Object.keys(counts).toSorted()).toEqual([...PACE_BANDS].toSorted());
    counts.behind += 1;
    expect(emptyBandCounts().behind).toBe(0);
  });
});
