import { describe, expect, it } from 'vitest';
import { AttemptCounters } from '../http/throttle';
import { admitEvent, DEFAULT_REPORT_CAPS, reportCapsFromEnv, type EventSubject } from './report-caps';

const subject = (overrides: Partial<EventSubject> = {}): EventSubject => ({
  env: 'dev',
  remote: 'customer',
  version: '1.0.0',
  reporter: 'r1',
  signed: false,
  address: '203.0.113.7',
  ...overrides,
});

describe('admitEvent', () => {
  it('stops an anonymous address at its cap a minute, but not a signed-in person behind it', () => {
    const counters = new AttemptCounters(() => 0);
    const caps = { ...DEFAULT_REPORT_CAPS, anonymousPerAddressPerMinute: 3 };
    const admitted = [1, 2, 3, 4].map((n) =>
      admitEvent(counters, caps, subject({ reporter: `anonymous-${n}` })),
    );
    expect(admitted).toEqual([true, true, true, false]);
    expect(admitEvent(counters, caps, subject({ reporter: 'ann', signed: true }))).toBe(true);
  });

  it("uses up no shared room for an event its reporter's own cap refuses", () => {
    const counters = new AttemptCounters(() => 0);
    const caps = { ...DEFAULT_REPORT_CAPS, perReporterVersionPerHour: 2, anonymousPerVersionPerMinute: 3 };
    for (let n = 0; n < 10; n += 1) admitEvent(counters, caps, subject());
    // One reporter's flood took 2 of the version's 3; another address still gets its one.
    expect(admitEvent(counters, caps, subject({ reporter: 'r2', address: '198.51.100.1' }))).toBe(true);
    expect(admitEvent(counters, caps, subject({ reporter: 'r3', address: '198.51.100.2' }))).toBe(false);
  });
});

describe('reportCapsFromEnv', () => {
  it('takes the anonymous cap per address from REPORT_CAP_ANONYMOUS_PER_ADDRESS', () => {
    expect(reportCapsFromEnv({})).toEqual({});
    expect(reportCapsFromEnv({ REPORT_CAP_ANONYMOUS_PER_ADDRESS: ' 1500 ' })).toEqual({
      anonymousPerAddressPerMinute: 1500,
    });
  });

  it.each(['0', '-1', '2.5', 'lots'])('refuses %s, naming the variable', (value) => {
    expect(() => reportCapsFromEnv({ REPORT_CAP_ANONYMOUS_PER_ADDRESS: value })).toThrow(
      `REPORT_CAP_ANONYMOUS_PER_ADDRESS must be a whole number of events a minute, got "${value}".`,
    );
  });
});
