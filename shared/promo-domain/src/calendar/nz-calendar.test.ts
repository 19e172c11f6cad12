import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { installMonthFirstEnCa } from '../testing/month-first-en-ca';
import { NZ_PUBLIC_HOLIDAYS } from './nz-holidays';

/** An instant at a NZ wall-clock time; offset '+13:00' in daylight time (late Sep-early Apr), '+12:00' otherwise. */
const nz = (isoDate: string, time = '12:00', offset = '+13:00') =>
  Date.parse(`${isoDate}T${time}:00${offset}`);

/**
 * Every rule runs twice: with this engine's own Intl, and with one whose en-CA `format()` prints
 * month first, as WebKit with ICU 72 does. The module is imported afresh for each, so a formatter it
 * keeps is built under the Intl being tested.
 */
describe.each([
  { intl: "the engine's own Intl", install: () => () => undefined },
  { intl: "an Intl that formats en-CA as 'M/D/YYYY'", install: installMonthFirstEnCa },
])('with $intl', ({ install }) => {
  let calendar: typeof import('./nz-calendar');
  let restore: () => void;
  beforeAll(async () => {
    restore = install();
    vi.resetModules();
    calendar = await import('./nz-calendar');
  });
  afterAll(() => restore());

  describe('tradingDaysBetween', () => {
    it('counts weekdays after the first date up to and including the last', () => {
      const { tradingDaysBetween } = calendar;
      expect(tradingDaysBetween(nz('2023-11-06'), nz('2023-11-10'))).toBe(4);
      expect(tradingDaysBetween(nz('2023-11-06'), nz('2023-11-06', '23:00'))).toBe(0);
    });

    it('skips weekends', () => {
      const { tradingDaysBetween } = calendar;
      expect(tradingDaysBetween(nz('2023-11-10'), nz('2023-11-13'))).toBe(1);
      expect(tradingDaysBetween(nz('2023-11-10'), nz('2023-11-12'))).toBe(0);
      expect(tradingDaysBetween(nz('2023-11-11'), nz('2023-11-12'))).toBe(0);
      expect(tradingDaysBetween(nz('2023-11-03'), nz('2023-11-17'))).toBe(10);
    });

    it('skips Christmas, Boxing Day and the New Year holidays', () => {
      const { tradingDaysBetween } = calendar;
      expect(tradingDaysBetween(nz('2023-12-22'), nz('2023-12-29'))).toBe(3);
      expect(tradingDaysBetween(nz('2023-12-29'), nz('2024-01-05'))).toBe(3);
    });

    it('skips Matariki', () => {
      const { tradingDaysBetween } = calendar;
      expect(
        tradingDaysBetween(nz('2024-06-27', '12:00', '+12:00'), nz('2024-07-01', '12:00', '+12:00')),
      ).toBe(1);
    });

    it('skips a Mondayised holiday: ANZAC Day 2026 on a Saturday is observed on Monday 27 April', () => {
      const { tradingDaysBetween } = calendar;
      expect(
        tradingDaysBetween(nz('2026-04-24', '12:00', '+12:00'), nz('2026-04-28', '12:00', '+12:00')),
      ).toBe(1);
    });

    it('uses the NZ calendar date, not the UTC one', () => {
      const { tradingDaysBetween } = calendar;
      // 01:00 Friday in Auckland is still Thursday in UTC: both ends are Friday 10 November in NZ.
      expect(tradingDaysBetween(nz('2023-11-10', '01:00'), nz('2023-11-10', '23:00'))).toBe(0);
      // 23:30 UTC Monday is Tuesday 12:30 in Auckland.
      expect(tradingDaysBetween(nz('2023-11-06', '09:00'), Date.parse('2023-11-06T23:30:00Z'))).toBe(1);
    });

    it('is 0 when the range is empty or reversed', () => {
      expect(calendar.tradingDaysBetween(nz('2023-11-17'), nz('2023-11-06'))).toBe(0);
    });
  });

  describe('isNzTradingDate', () => {
    it('is true on weekdays, false on weekends and public holidays', () => {
      const { isNzTradingDate } = calendar;
      expect(isNzTradingDate('2026-11-23')).toBe(true);
      expect(isNzTradingDate('2026-11-21')).toBe(false);
      expect(isNzTradingDate('2026-11-22')).toBe(false);
      expect(isNzTradingDate('2026-12-25')).toBe(false);
      expect(isNzTradingDate('2026-12-28')).toBe(false);
    });
  });

  describe('trackingToday', () => {
    it('is the New Zealand calendar date, whatever the instant is in UTC', () => {
      const { trackingToday } = calendar;
      // 23:59 Sunday 22 November 2026 in Auckland is 10:59 UTC on the Sunday; 00:01 Monday is 11:01 UTC.
      expect(trackingToday(nz('2026-11-22', '23:59'))).toBe('20261122');
      expect(trackingToday(nz('2026-11-23', '00:01'))).toBe('20261123');
      expect(trackingToday(Date.parse('2026-11-22T11:01:00Z'))).toBe('20261123');
      expect(trackingToday(Date.parse('2026-06-30T12:30:00Z'))).toBe('20260701');
    });

    it('is nzDayKey of now', () => {
      const now = Date.parse('2026-11-24T01:02:00Z');
      expect(calendar.trackingToday(now)).toBe(calendar.nzDayKey(now));
      expect(calendar.nzDayKey(now)).toBe('20261124');
    });

    it('changes at NZ midnight on the days the clocks change', () => {
      const { trackingToday } = calendar;
      // Daylight time begins at 2 am on Sunday 27 September 2026 (+12:00 → +13:00).
      expect(trackingToday(nz('2026-09-26', '23:59', '+12:00'))).toBe('20260926');
      expect(trackingToday(nz('2026-09-27', '00:00', '+12:00'))).toBe('20260927');
      expect(trackingToday(nz('2026-09-27', '23:59', '+13:00'))).toBe('20260927');
      expect(trackingToday(nz('2026-09-28', '00:00', '+13:00'))).toBe('20260928');
      // It ends at 3 am on Sunday 5 April 2026 (+13:00 → +12:00).
      expect(trackingToday(nz('2026-04-04', '23:59', '+13:00'))).toBe('20260404');
      expect(trackingToday(nz('2026-04-05', '00:00', '+13:00'))).toBe('20260405');
      expect(trackingToday(nz('2026-04-05', '23:59', '+12:00'))).toBe('20260405');
      expect(trackingToday(nz('2026-04-06', '00:00', '+12:00'))).toBe('20260406');
    });
  });

  describe('nzOffsetMinutes and nzInstant', () => {
    it('is 13 hours in daylight time and 12 in standard time, switching at 2 am and 3 am', () => {
      const { nzOffsetMinutes } = calendar;
      expect(nzOffsetMinutes(nz('2026-11-20'))).toBe(780);
      expect(nzOffsetMinutes(nz('2026-06-20', '12:00', '+12:00'))).toBe(720);
      expect(nzOffsetMinutes(Date.parse('2026-09-26T13:59:59Z'))).toBe(720);
      expect(nzOffsetMinutes(Date.parse('2026-09-26T14:00:00Z'))).toBe(780);
      expect(nzOffsetMinutes(Date.parse('2026-04-04T13:59:59Z'))).toBe(780);
      expect(nzOffsetMinutes(Date.parse('2026-04-04T14:00:00Z'))).toBe(720);
    });

    it('finds the instant of a NZ wall-clock time, on either side of a change', () => {
      const { dayNumberOf, nzInstant } = calendar;
      expect(nzInstant(dayNumberOf('2026-09-27'))).toBe(nz('2026-09-27', '00:00', '+12:00'));
      expect(nzInstant(dayNumberOf('2026-09-27'), 12)).toBe(nz('2026-09-27', '12:00', '+13:00'));
      expect(nzInstant(dayNumberOf('2026-04-05'))).toBe(nz('2026-04-05', '00:00', '+13:00'));
      expect(nzInstant(dayNumberOf('2026-04-05'), 12)).toBe(nz('2026-04-05', '12:00', '+12:00'));
      expect(nzInstant(dayNumberOf('2026-11-20'), 9, 30)).toBe(nz('2026-11-20', '09:30'));
    });
  });

  describe('day keys', () => {
    it('turn into day numbers and back', () => {
      const { dayKeyOf, dayNumberOf, isoDateOf } = calendar;
      expect(dayNumberOf('1970-01-02')).toBe(1);
      expect(dayNumberOf('20261120')).toBe(dayNumberOf('2026-11-20'));
      expect(dayKeyOf(dayNumberOf('2026-11-20'))).toBe('20261120');
      expect(isoDateOf(dayNumberOf('20240229'))).toBe('2024-02-29');
    });

    it('refuse what is not a calendar date', () => {
      expect(() => calendar.dayNumberOf('11/26/2026')).toThrow(RangeError);
      expect(() => calendar.dayNumberOf('')).toThrow(RangeError);
    });

    it('as the local noon of the day', () => {
      expect(new Date(calendar.dayKeyToLocalNoon('20261120')).getDate()).toBe(20);
      expect(new Date(calendar.dayKeyToLocalNoon('20261120')).getHours()).toBe(12);
    });

    it('as an instant on the same date in New Zealand, in standard and daylight time', () => {
      const { dayKeyToNzInstant, nzDayKey } = calendar;
      expect(nzDayKey(dayKeyToNzInstant('20261120'))).toBe('20261120');
      expect(nzDayKey(dayKeyToNzInstant('20260620'))).toBe('20260620');
      expect(dayKeyToNzInstant('20261120')).toBe(nz('2026-11-20', '12:00', '+13:00'));
    });
  });
});

describe('NZ_PUBLIC_HOLIDAYS', () => {
  it('lists eleven observed weekday holidays a year from 2023 to 2028, in order', () => {
    for (const year of [2023, 2024, 2025, 2026, 2027, 2028]) {
      expect(NZ_PUBLIC_HOLIDAYS.filter((date) => date.startsWith(String(year)))).toHaveLength(11);
    }
    expect(NZ_PUBLIC_HOLIDAYS.toSorted()).toEqual(NZ_PUBLIC_HOLIDAYS);
    for (const date of NZ_PUBLIC_HOLIDAYS) {
      expect([1, 2, 3, 4, 5], date).toContain(new Date(`${date}T00:00:00Z`).getUTCDay());
    }
  });

  it('includes Matariki each year', () => {
    expect(NZ_PUBLIC_HOLIDAYS).toEqual(
      expect.arrayContaining([
        '2023-07-14',
        '2024-06-28',
        '2025-06-20',
        '2026-07-10',
        '2027-06-25',
        '2028-07-14',
      ]),
    );
  });
});

/** The time zone database's reading of an instant in Pacific/Auckland: the reference for the rule. */
const reference = new Intl.DateTimeFormat('en-NZ', {
  timeZone: 'Pacific/Auckland',
  numberingSystem: 'latn',
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});
function referenceFields(epochMs: number) {
  const fields: Record<string, number> = {};
  for (const part of reference.formatToParts(epochMs)) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  const { year, month, day, hour, minute, second } = fields;
  return { year, month, day, hour: (hour ?? NaN) % 24, minute, second };
}

describe("New Zealand's clocks as a rule", () => {
  let calendar: typeof import('./nz-calendar');
  beforeAll(async () => {
    vi.resetModules();
    calendar = await import('./nz-calendar');
  });

  it('read every day of 2008-2045 as the time zone database does, around 14:00 UTC when clocks change', () => {
    const mismatches: string[] = [];
    for (let day = Date.UTC(2008, 0, 1); day < Date.UTC(2046, 0, 1); day += 86_400_000) {
      for (const minutes of [0, 13 * 60 + 59, 14 * 60, 14 * 60 + 1]) {
        const instant = day + minutes * 60_000;
        const expected = referenceFields(instant);
        const actual = calendar.nzDateTime(instant);
        if (JSON.stringify(actual) !== JSON.stringify(expected))
          mismatches.push(`${new Date(instant).toISOString()}: ${JSON.stringify(actual)}`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('change at 2 am on the last Sunday of September and 3 am on the first Sunday of April', () => {
    const { nzOffsetMinutes } = calendar;
    // 2026: daylight time ends Sunday 5 April, starts Sunday 27 September.
    expect(nzOffsetMinutes(Date.parse('2026-04-04T13:59:59Z'))).toBe(780);
    expect(nzOffsetMinutes(Date.parse('2026-04-04T14:00:00Z'))).toBe(720);
    expect(nzOffsetMinutes(Date.parse('2026-09-26T13:59:59Z'))).toBe(720);
    expect(nzOffsetMinutes(Date.parse('2026-09-26T14:00:00Z'))).toBe(780);
    // 2029: 1 April is itself the first Sunday.
    expect(nzOffsetMinutes(Date.parse('2029-03-31T13:59:59Z'))).toBe(780);
    expect(nzOffsetMinutes(Date.parse('2029-03-31T14:00:00Z'))).toBe(720);
  });

  it('build no time-zone formatter at all', async () => {
    vi.resetModules();
    const built = vi.spyOn(Intl, 'DateTimeFormat');
    try {
      const fresh = await import('./nz-calendar');
      expect(fresh.nzDayKey(nz('2025-11-26'))).toBe('20251126');
      expect(fresh.nzOffsetMinutes(nz('2025-07-01', '12:00', '+12:00'))).toBe(720);
      expect(fresh.nzDayKey(0)).toBe('19700101');
      expect(built).not.toHaveBeenCalled();
    } finally {
      built.mockRestore();
    }
  });

  it('refuse an instant that is not a number', () => {
    expect(() => calendar.nzDateTime(Number.NaN)).toThrow(RangeError);
  });
});
