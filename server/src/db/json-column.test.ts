import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { amountsColumn, readJsonColumn } from './json-column';

describe('readJsonColumn', () => {
  it('gives the value when the column holds what its schema says', () => {
    expect(readJsonColumn(amountsColumn, '{"20251120":1200.5}', 'account_promotions.past_progress')).toEqual({
      20251120: 1200.5,
    });
  });

  it('names the column and the place when a row holds something else', () => {
    expect(() =>
      readJsonColumn(amountsColumn, '{"20251120":"1200"}', 'account_promotions.past_progress'),
    ).toThrow(
      'account_promotions.past_progress.20251120 does not hold what it should: Invalid input: expected number, received string',
    );
    expect(() => readJsonColumn(z.array(z.string()), 'not json', 'users.allowed_regions')).toThrow(
      'users.allowed_regions holds no JSON: not json',
    );
  });
});
