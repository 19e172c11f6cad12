import { USER_DATA_PREFIX } from '@promo/domain/device-storage';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PictureNode, PictureRequest } from './chart-picture';
import { KEPT_PICTURES_KEY, keepPicture, keptPicture, PICTURES_KEPT } from './kept-pictures';

const request = (width: number): PictureRequest => ({
  days: [],
  projectionLabel: 'At your pace',
  width,
  height: 260,
});
const pictureOf = (label: string): PictureNode => ({
  tag: 'svg',
  attrs: { 'aria-label': label },
  children: [],
});

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('kept chart pictures', () => {
  it('answers a kept picture only for exactly the request it was drawn for', () => {
    keepPicture(request(360), pictureOf('phone'));
    expect(keptPicture(request(360))).toEqual(pictureOf('phone'));
    expect(keptPicture(request(768))).toBeUndefined();
    expect(keptPicture({ ...request(360), projectionLabel: 'At this pace' })).toBeUndefined();
  });

  it('keeps the most recent few, each request once', () => {
    for (let width = 1; width <= PICTURES_KEPT + 1; width += 1)
      keepPicture(request(width), pictureOf(`${width}`));
    keepPicture(request(PICTURES_KEPT + 1), pictureOf('again'));
    expect(keptPicture(request(1))).toBeUndefined();
    expect(keptPicture(request(2))).toEqual(pictureOf('2'));
    expect(keptPicture(request(PICTURES_KEPT + 1))).toEqual(pictureOf('again'));
    expect(JSON.parse(localStorage.getItem(KEPT_PICTURES_KEY) ?? '[]')).toHaveLength(PICTURES_KEPT);
  });

  it("is kept under the user's prefix, which signing out clears", () => {
    keepPicture(request(360), pictureOf('phone'));
    expect(KEPT_PICTURES_KEY.startsWith(`${USER_DATA_PREFIX}:`)).toBe(true);
    expect(localStorage.getItem(KEPT_PICTURES_KEY)).not.toBeNull();
  });

  it('keeps nothing, and throws nothing, where the storage refuses or the picture is too large', () => {
    keepPicture(request(360), { tag: 'svg', attrs: { d: 'M'.repeat(100_000) }, children: [] });
    expect(keptPicture(request(360))).toBeUndefined();
    vi.stubGlobal('localStorage', {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
      removeItem: () => undefined,
    });
    expect(() => keepPicture(request(360), pictureOf('phone'))).not.toThrow();
    expect(keptPicture(request(360))).toBeUndefined();
  });
});
