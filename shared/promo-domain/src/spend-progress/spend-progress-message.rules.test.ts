import { describe, expect, it } from 'vitest';
import { buildSpendProgressMessage } from '../testing/data-generators';
import {
  allowedParentOrigins,
  parseSpendProgressMessage,
  spendProgressView,
  type SpendProgressMessage,
} from './spend-progress-message.rules';

function withField(field: string, value: unknown): Record<string, unknown> {
  return { ...buildSpendProgressMessage(), [field]: value };
}

function without(field: keyof SpendProgressMessage): Record<string, unknown> {
  const message: Record<string, unknown> = { ...buildSpendProgressMessage() };
  delete message[field];
  return message;
}

function reason(data: unknown): string {
  const result = parseSpendProgressMessage(data);
  if (result.ok) throw new Error('expected the message to be refused');
  return result.reason;
}

describe('parseSpendProgressMessage', () => {
  it('accepts a well-formed message and returns an equal copy', () => {
    const message = buildSpendProgressMessage();
    const result = parseSpendProgressMessage(message);
    expect(result).toEqual({ ok: true, message });
    if (result.ok) expect(result.message).not.toBe(message);
  });

  it('drops fields it does not know, including extra account fields', () => {
    const result = parseSpendProgressMessage({
      ...buildSpendProgressMessage(),
      account: { id: 'G100001', name: 'Test Motors Ltd', primaryContactEmail: 'x@y.co' },
      injected: '<img src=x onerror=alert(1)>',
    });
    expect(result.ok && result.message.account).toEqual({ id: 'G100001', name: 'Test Motors Ltd' });
    expect(result.ok && 'injected' in result.message).toBe(false);
  });

  it('sorts the targets by target number', () => {
    const result = parseSpendProgressMessage(
      withField('currentProgressTargets', [
        { targetNumber: 2, amount: 20000 },
        { targetNumber: 1, amount: 10000 },
      ]),
    );
    expect(result.ok && result.message.currentProgressTargets.map((t) => t.targetNumber)).toEqual([1, 2]);
  });

  it('fills optional parts it was not sent', () => {
    const result = parseSpendProgressMessage({
      account: { id: 'G1' },
      promotionId: 'P1',
      currentProgressTargets: [{ targetNumber: 1, amount: 100 }],
      totalSpend: 40,
      startTimestamp: 1,
      endTimestamp: 2,
    });
    expect(result).toEqual({
      ok: true,
      message: {
        account: { id: 'G1' },
        promotionId: 'P1',
        currentProgressTargets: [{ targetNumber: 1, amount: 100 }],
        pastProgressDetails: {},
        currentProgressDetails: { totalSpend: 40, byDivision: {} },
        totalSpend: 40,
        dailySalesTargets: [],
        startTimestamp: 1,
        endTimestamp: 2,
        disablePrizes: false,
      },
    });
  });

  it('leaves out spend for unknown division codes', () => {
    const result = parseSpendProgressMessage(
      withField('currentProgressDetails', { totalSpend: 10, byDivision: { A: 10, Z: 99, __proto__: 5 } }),
    );
    expect(result.ok && result.message.currentProgressDetails.byDivision).toEqual({ A: 10 });
  });

  it.each([
    ['null', null],
    ['a string', 'hello'],
    ['a list', [1, 2]],
    ['a number', 42],
  ])('refuses %s', (_case, data) => {
    expect(reason(data)).toBe('message: expected an object');
  });

  it.each([
    ['account', 'account: expected an object with an id'],
    ['promotionId', 'promotionId: expected a string of at most 200 characters'],
    ['currentProgressTargets', 'currentProgressTargets: expected a list of 1 to 20 targets'],
    ['totalSpend', 'totalSpend: expected a finite number'],
    ['startTimestamp', 'startTimestamp: expected a finite number'],
    ['endTimestamp', 'endTimestamp: expected a finite number'],
  ] as const)('refuses a message without %s', (field, expected) => {
    expect(reason(without(field))).toBe(expected);
  });

  it('refuses an empty list of targets and more than twenty', () => {
    expect(reason(withField('currentProgressTargets', []))).toMatch(/^currentProgressTargets:/);
    const many = Array.from({ length: 21 }, (_, index) => ({ targetNumber: index + 1, amount: 100 }));
    expect(reason(withField('currentProgressTargets', many))).toMatch(/^currentProgressTargets:/);
  });

  it('refuses targets with a bad number or amount, and duplicated target numbers', () => {
    expect(reason(withField('currentProgressTargets', [{ targetNumber: 0, amount: 1 }]))).toBe(
      'currentProgressTargets[0].targetNumber: expected an integer from 1',
    );
    expect(reason(withField('currentProgressTargets', [{ targetNumber: 1.5, amount: 1 }]))).toMatch(
      /targetNumber/,
    );
    expect(reason(withField('currentProgressTargets', [{ targetNumber: 1, amount: -5 }]))).toBe(
      'currentProgressTargets[0].amount: expected a positive amount',
    );
    expect(reason(withField('currentProgressTargets', [{ targetNumber: 1, amount: '100' }]))).toBe(
      'currentProgressTargets[0].amount: expected a finite number',
    );
    expect(
      reason(
        withField('currentProgressTargets', [
          { targetNumber: 1, amount: 1 },
          { targetNumber: 1, amount: 2 },
        ]),
      ),
    ).toBe('currentProgressTargets: expected distinct target numbers');
  });

  it('refuses numbers that are not finite: NaN, Infinity and numeric strings', () => {
    expect(reason(withField('totalSpend', Number.NaN))).toBe('totalSpend: expected a finite number');
    expect(reason(withField('totalSpend', Number.POSITIVE_INFINITY))).toBe(
      'totalSpend: expected a finite number',
    );
    expect(reason(withField('totalSpend', '2500'))).toBe('totalSpend: expected a finite number');
    expect(reason(withField('currentDailySales', '1'))).toBe('currentDailySales: expected a finite number');
  });

  it('refuses an end that is not after the start', () => {
    const message = buildSpendProgressMessage();
    expect(reason({ ...message, endTimestamp: message.startTimestamp })).toBe(
      'endTimestamp: expected a time after startTimestamp',
    );
  });

  it('refuses malformed past progress: bad date keys and non-numeric spend', () => {
    expect(reason(withField('pastProgressDetails', { '2026-11-02': { totalSpend: 1 } }))).toBe(
      'pastProgressDetails.2026-11-02: expected a YYYYMMDD date key',
    );
    expect(reason(withField('pastProgressDetails', { '20261102': { totalSpend: 'x' } }))).toBe(
      'pastProgressDetails.20261102.totalSpend: expected a finite number',
    );
    expect(reason(withField('pastProgressDetails', [1]))).toBe(
      'pastProgressDetails: expected an object keyed by date',
    );
  });

  it('refuses more past days than it will draw', () => {
    const days = Object.fromEntries(
      Array.from({ length: 1001 }, (_, index) => [
        String(20000101 + index).padStart(8, '0'),
        { totalSpend: 1 },
      ]),
    );
    expect(reason(withField('pastProgressDetails', days))).toBe(
      'pastProgressDetails: expected at most 1000 days',
    );
  });

  it('refuses text fields of the wrong type or size', () => {
    expect(reason(withField('promoInfoText', { html: '<b>x</b>' }))).toBe(
      'promoInfoText: expected a string of at most 5000 characters',
    );
    expect(reason(withField('promoInfoText', 'x'.repeat(5001)))).toMatch(/^promoInfoText:/);
    expect(reason(withField('termsConditions', 42))).toMatch(/^termsConditions:/);
    expect(reason(withField('promotionId', '   '))).toBe('promotionId: expected a non-empty string');
  });

  it('refuses a disablePrizes that is not a boolean', () => {
    expect(reason(withField('disablePrizes', 'false'))).toBe('disablePrizes: expected a boolean');
  });

  it('refuses bad daily targets and division spend', () => {
    expect(reason(withField('dailySalesTargets', [100, null]))).toBe(
      'dailySalesTargets[1]: expected a finite number',
    );
    expect(reason(withField('currentProgressDetails', { byDivision: { A: '10' } }))).toBe(
      'currentProgressDetails.byDivision.A: expected a finite number',
    );
  });
});

describe('spendProgressView', () => {
  it('is the single-target view for one target', () => {
    expect(spendProgressView(buildSpendProgressMessage())).toBe('single');
  });

  it('is the multi-target view for more than one target', () => {
    expect(
      spendProgressView(
        buildSpendProgressMessage({
          currentProgressTargets: [
            { targetNumber: 1, amount: 1 },
            { targetNumber: 2, amount: 2 },
          ],
        }),
      ),
    ).toBe('multi');
  });
});

describe('allowedParentOrigins', () => {
  const own = 'https://app.ezyrewards.example';

  it("is the page's own origin when the environment names none", () => {
    expect(allowedParentOrigins(undefined, own)).toEqual([own]);
    expect(allowedParentOrigins('https://portal.example', own)).toEqual([own]);
  });

  it('normalises the configured entries to origins, without duplicates', () => {
    expect(
      allowedParentOrigins(
        ['https://portal.example/embed/', 'https://portal.example', 'http://localhost:3000'],
        own,
      ),
    ).toEqual(['https://portal.example', 'http://localhost:3000']);
  });

  it("never accepts '*', non-URLs, non-strings or non-http origins", () => {
    expect(allowedParentOrigins(['*', 'portal', 42, 'javascript:alert(1)', 'file:///tmp/x'], own)).toEqual(
      [],
    );
  });

  it('accepts no one for an empty list', () => {
    expect(allowedParentOrigins([], own)).toEqual([]);
  });
});
