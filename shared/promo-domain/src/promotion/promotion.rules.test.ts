import { describe, expect, it } from 'vitest';
import { buildAccount, buildPromotion, DAY_MS } from '../testing/data-generators';
import {
  isActive,
  isEnrolled,
  isFinished,
  leadPromotion,
  promotionFetchWindow,
  splitPromotions,
} from './promotion.rules';

describe('splitPromotions', () => {
  const joined = buildPromotion({ id: 'JOINED', startTimestamp: 2_000 });
  const open = buildPromotion({ id: 'OPEN', startTimestamp: 3_000 });
  const earlier = buildPromotion({ id: 'EARLIER', startTimestamp: 1_000 });
  const finished = buildPromotion({ id: 'DONE', status: 'done' });
  const broken = buildPromotion({ id: 'BROKEN', error: 'Bad data' });
  const account = buildAccount({ enrolledPromotions: [{ promotionID: 'JOINED' }, { promotionID: 'DONE' }] });

  it('new = not enrolled, active = enrolled, finished = status done, each by start date', () => {
    const lists = splitPromotions([open, finished, joined, earlier], account);
    expect(lists.newPromotions.map((p) => p.id)).toEqual(['EARLIER', 'OPEN']);
    expect(lists.activePromotions.map((p) => p.id)).toEqual(['JOINED']);
    expect(lists.finishedPromotions.map((p) => p.id)).toEqual(['DONE']);
  });

  it('drops promotions that carry an error', () => {
    const lists = splitPromotions([broken, open], account);
    expect([...lists.newPromotions, ...lists.activePromotions, ...lists.finishedPromotions]).toEqual([open]);
  });

  it('is empty for no promotions', () => {
    expect(splitPromotions([], account)).toEqual({
      newPromotions: [],
      activePromotions: [],
      finishedPromotions: [],
    });
  });
});

describe('leadPromotion', () => {
  const joined = buildPromotion({ id: 'JOINED' });
  const open = buildPromotion({ id: 'OPEN' });
  const split = (newPromotions: (typeof open)[], activePromotions: (typeof open)[]) => ({
    newPromotions,
    activePromotions,
    finishedPromotions: [buildPromotion({ id: 'DONE', status: 'done' })],
  });

  it('is the first new promotion, else the first active one, never a finished one', () => {
    expect(leadPromotion(split([open], [joined]))?.id).toBe('OPEN');
    expect(leadPromotion(split([], [joined]))?.id).toBe('JOINED');
    expect(leadPromotion(split([], []))).toBeUndefined();
  });
});

describe('promotion timing', () => {
  const promotion = buildPromotion({ startTimestamp: 1_000, endTimestamp: 2_000 });
  it('is active between start and end, inclusive', () => {
    expect(isActive(promotion, 999)).toBe(false);
    expect(isActive(promotion, 1_000)).toBe(true);
    expect(isActive(promotion, 2_000)).toBe(true);
    expect(isActive(promotion, 2_001)).toBe(false);
  });
  it("is finished when its status is 'done'", () => {
    expect(isFinished(buildPromotion({ status: 'done' }))).toBe(true);
    expect(isFinished(buildPromotion({ status: 'active' }))).toBe(false);
  });
  it('knows who is enrolled', () => {
    expect(isEnrolled(buildAccount({ enrolledPromotions: [{ promotionID: 'A' }] }), 'A')).toBe(true);
    expect(isEnrolled(buildAccount(), 'A')).toBe(false);
  });
});

describe('promotionFetchWindow', () => {
  it('fetches promotions ended up to 90 days ago and starting up to 60 days ahead', () => {
    expect(promotionFetchWindow(100 * DAY_MS)).toEqual({
      endTimestampMoreThanEqual: 10 * DAY_MS,
      startTimestampLessThanEqual: 160 * DAY_MS,
    });
  });
});
