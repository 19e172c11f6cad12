import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

/**
 * Today, the pace, the days-remaining pill, % time, the chart's past/future split and the projection
 * (@promo/domain) must not depend on the time zone of the device that computes them: a customer's
 * browser, a rep's, or this server (which answers the rep's per-day figures). A process's zone is
 * fixed when it starts, so each zone gets a child Node process (TZ=…) that runs the same rules on
 * instants either side of midnight in New Zealand and prints what they answer; any rule that read a
 * local date (dayjs, getDate) would answer differently in Auckland than in UTC or Los Angeles, where
 * both instants fall on one date.
 */

const repo = fileURLToPath(new URL('../../..', import.meta.url));

const SCRIPT = `
if (process.env.EZY_INTL === 'month-first-en-ca') {
  const { installMonthFirstEnCa } = await import('@promo/domain/testing/month-first-en-ca');
  installMonthFirstEnCa();
}
const calendar = await import('@promo/domain/calendar/nz-calendar');
const pace = await import('@promo/domain/pace/pace.rules');
const { spendProjection } = await import('@promo/domain/pace/projection.rules');
const tracking = await import('@promo/domain/promotion/tracking.rules');
const { nextTargetNeed } = await import('@promo/domain/rep/rep-progress.rules');
const { promotionPace } = await import('@promo/domain/rep/rep-progress.rules');

// Monday 2 November to Friday 11 December 2026 in New Zealand (daylight time, +13:00).
const startTimestamp = Date.parse('2026-11-02T00:00:00+13:00');
const endTimestamp = Date.parse('2026-12-11T23:59:59+13:00');
const targets = [{ targetNumber: 1, amount: 25800 }, { targetNumber: 2, amount: 28300 }, { targetNumber: 3, amount: 32000 }];
const totalSpend = 21000;
const pastProgressDetails = { '20261102': { totalSpend: 1500 }, '20261120': { totalSpend: 21000 } };
const instants = {
  fridayLate: '2026-11-20T23:59:00+13:00',
  saturdayEarly: '2026-11-21T00:01:00+13:00',
  sundayLate: '2026-11-22T23:59:00+13:00',
  mondayEarly: '2026-11-23T00:01:00+13:00',
};
const input = (now) => ({ now, startTimestamp, endTimestamp, totalSpend, targets });
const answers = {};
for (const [name, iso] of Object.entries(instants)) {
  const now = Date.parse(iso);
  const advice = pace.paceAdvice(input(now));
  const projection = spendProjection(input(now));
  const series = tracking.dailySpendSeries({ startTimestamp, endTimestamp, pastProgressDetails, firstDailyTarget: 860, now });
  answers[name] = {
    today: calendar.trackingToday(now),
    elapsed: advice.elapsedTradingDays,
    remaining: advice.remainingTradingDays,
    perDay: advice.targets.map((target) => target.perTradingDayNeeded),
    repPerDay: nextTargetNeed(input(now))?.perTradingDayNeeded,
    repPace: promotionPace(now, startTimestamp, endTimestamp),
    daysRemaining: tracking.daysRemaining(endTimestamp, now),
    percentTime: tracking.percentTimeCompleted(startTimestamp, endTimestamp, now),
    chart: series.map((day) => day.key.slice(6) + (day.future ? '-' : '+')).join(' '),
    projection: projection.days.map((day) => day.projected),
    crossings: projection.targets.map((target) => (target.status === 'crosses' ? target.dayKey : target.status)),
  };
}
const device = { zone: Intl.DateTimeFormat().resolvedOptions().timeZone, localDate: new Date(Date.parse(instants.mondayEarly)).getDate() };
console.log(JSON.stringify({ device, answers }));
`;

/** What each run prints, checked as it is read back from the child process. */
const runSchema = z.object({
  device: z.object({ zone: z.string(), localDate: z.number() }),
  answers: z.record(
    z.string(),
    z.object({
      today: z.string(),
      elapsed: z.number(),
      remaining: z.number(),
      repPerDay: z.number(),
      daysRemaining: z.number(),
      percentTime: z.number(),
      chart: z.string(),
      crossings: z.array(z.string()),
    }),
  ),
});
type Run = z.infer<typeof runSchema>;

function runIn(zone: string, intl: 'own' | 'month-first-en-ca' = 'own'): Run {
  const output = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', SCRIPT], {
    cwd: repo,
    env: { ...process.env, TZ: zone, EZY_INTL: intl },
    encoding: 'utf8',
  });
  return runSchema.parse(JSON.parse(output));
}

describe('one clock, whatever the device’s time zone', () => {
  it('answers the same in Auckland, UTC and Los Angeles, and changes day at NZ midnight', () => {
    const runs = ['Pacific/Auckland', 'UTC', 'America/Los_Angeles'].map((zone) => runIn(zone));
    const [auckland, utc, losAngeles] = runs as [Run, Run, Run];

    // The children really did run in different zones: 00:01 Monday 23 November in Auckland is
    // still Sunday the 22nd in UTC and in Los Angeles.
    expect(runs.map((run) => run.device)).toEqual([
      { zone: 'Pacific/Auckland', localDate: 23 },
      { zone: 'UTC', localDate: 22 },
      { zone: 'America/Los_Angeles', localDate: 22 },
    ]);
    expect(utc.answers).toEqual(auckland.answers);
    expect(losAngeles.answers).toEqual(auckland.answers);

    const { fridayLate, saturdayEarly, sundayLate, mondayEarly } = auckland.answers;
    expect([fridayLate, saturdayEarly, sundayLate, mondayEarly].map((answer) => answer?.today)).toEqual([
      '20261120',
      '20261121',
      '20261122',
      '20261123',
    ]);
    // Friday is still a day to spend in until midnight; from Saturday it is in the figures.
    expect([fridayLate?.elapsed, fridayLate?.remaining]).toEqual([14, 16]);
    expect([saturdayEarly?.elapsed, saturdayEarly?.remaining]).toEqual([15, 15]);
    expect([mondayEarly?.elapsed, mondayEarly?.remaining]).toEqual([15, 15]);
    // The rep's figure is the customer's: $4,800 to Target 1 over 16, then 15, trading days.
    expect([fridayLate?.repPerDay, saturdayEarly?.repPerDay]).toEqual([300, 320]);
    expect([sundayLate?.daysRemaining, mondayEarly?.daysRemaining]).toEqual([20, 19]);
    expect([sundayLate?.percentTime, mondayEarly?.percentTime]).toEqual([51, 54]);
    expect(sundayLate?.chart).toContain('21+ 22+ 23- 24-');
    expect(mondayEarly?.chart).toContain('22+ 23+ 24-');
    // 1,400 a day: Target 1 (25,800) on trading day 19, Thursday 26 November; Target 3 on day 23.
    expect(mondayEarly?.crossings).toEqual(['20261126', '20261130', '20261202']);
  });

  it('answers the same where the engine formats en-CA dates month first, in every zone', () => {
    // WebKit with ICU 72 (and Chrome 110) print en-CA dates as '11/26/2026'; the rules read date
    // fields, never formatted text, so that engine's answers are Auckland's own.
    const auckland = runIn('Pacific/Auckland');
    for (const zone of ['Pacific/Auckland', 'UTC', 'America/Los_Angeles']) {
      expect(runIn(zone, 'month-first-en-ca').answers, zone).toEqual(auckland.answers);
    }
  });
});
