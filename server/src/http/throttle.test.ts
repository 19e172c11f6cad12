import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  AttemptCounters,
  clientAddress,
  DEFAULT_THROTTLE_LIMITS,
  parseLimit,
  throttleLimitsFromEnv,
  waitInWords,
} from './throttle';

/** A minute in ms, so each expected window reads like the limit it comes from ('1m', '15m', '1h'). */
const MINUTE = 60_000;

describe('parseLimit', () => {
  it('reads <max>/<window> in seconds, minutes or hours', () => {
    expect(parseLimit('5/1m')).toEqual({ max: 5, windowMs: MINUTE });
    expect(parseLimit(' 20 / 15m ')).toEqual({ max: 20, windowMs: 15 * MINUTE });
    expect(parseLimit('100/1h')).toEqual({ max: 100, windowMs: 60 * MINUTE });
    expect(parseLimit('3/30s')).toEqual({ max: 3, windowMs: 30_000 });
  });

  it('refuses anything else, and limits that would lock everyone out', () => {
    for (const text of ['5', '5/1', '5/1d', 'five/1m', '0/1m', '5/0s', '-1/1m', '1.5/1m'])
      expect(parseLimit(text), text).toBeUndefined();
  });
});

describe('throttleLimitsFromEnv', () => {
  it('keeps the defaults for variables that are not set', () => {
    expect(throttleLimitsFromEnv({})).toEqual(DEFAULT_THROTTLE_LIMITS);
    expect(throttleLimitsFromEnv({ LIMIT_SIGN_IN_PER_ACCOUNT: '' })).toEqual(DEFAULT_THROTTLE_LIMITS);
  });

  it('overrides the limits named', () => {
    expect(
      throttleLimitsFromEnv({ LIMIT_SIGN_IN_PER_ACCOUNT: '10/5m', LIMIT_SIGNUP_PER_ADDRESS: '50/1h' }),
    ).toEqual({
      ...DEFAULT_THROTTLE_LIMITS,
      signInPerAccount: { max: 10, windowMs: 5 * MINUTE },
      signupPerAddress: { max: 50, windowMs: 60 * MINUTE },
    });
  });

  it('names the variable that is not a limit', () => {
    expect(() => throttleLimitsFromEnv({ LIMIT_FORGOT_PASSWORD_PER_EMAIL: 'lots' })).toThrow(
      'LIMIT_FORGOT_PASSWORD_PER_EMAIL must be <max>/<window> with a window in s, m or h (e.g. 5/1m), got "lots".',
    );
  });
});

describe('clientAddress', () => {
  const addressOf = (ip: string) => clientAddress({ ip } as FastifyRequest);

  it('is an IPv6 client by its /56: every /64 a line is handed is the same client', () => {
    expect(addressOf('2001:db8:ab:cd00::1')).toBe('2001:db8:ab:cd00::');
    expect(addressOf('2001:db8:ab:cdff:ffff:ffff:ffff:ffff')).toBe('2001:db8:ab:cd00::');
    expect(addressOf('2001:DB8:AB:CD42:0:0:0:7')).toBe('2001:db8:ab:cd00::');
    expect(addressOf('2001:db8:ab:ce00::1')).toBe('2001:db8:ab:ce00::');
  });

  it('reads an IPv4 address written as IPv6 as that IPv4 address', () => {
    expect(addressOf('198.51.100.7')).toBe('198.51.100.7');
    expect(addressOf('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(addressOf('::ffff:c633:6407')).toBe('198.51.100.7');
    expect(addressOf('0:0:0:0:0:ffff:198.51.100.7')).toBe('198.51.100.7');
  });
});

describe('waitInWords', () => {
  it('rounds up to whole minutes, and to hours past an hour and a half', () => {
    expect(waitInWords(1)).toBe('1 minute');
    expect(waitInWords(60)).toBe('1 minute');
    expect(waitInWords(61)).toBe('2 minutes');
    expect(waitInWords(900)).toBe('15 minutes');
    expect(waitInWords(90 * 60)).toBe('90 minutes');
    expect(waitInWords(90 * 60 + 1)).toBe('2 hours');
  });
});

describe('AttemptCounters', () => {
  it('counts in a window that opens with the first attempt and closes on the clock', () => {
    const clock = { now: 1_000_000 };
    const counters = new AttemptCounters(() => clock.now);
    expect(counters.incr('k', 60_000)).toEqual({ current: 1, ttl: 60_000 });
    clock.now += 20_000;
    expect(counters.incr('k', 60_000)).toEqual({ current: 2, ttl: 40_000 });
    expect(counters.read('k')).toEqual({ current: 2, ttl: 40_000 });
    expect(counters.openedAt('k')).toBe(1_000_000);
    clock.now += 40_000;
    expect(counters.read('k')).toEqual({ current: 0, ttl: 0 });
    expect(counters.openedAt('k')).toBeUndefined();
    expect(counters.incr('k', 60_000)).toEqual({ current: 1, ttl: 60_000 });
  });

  it('gives an attempt back and forgets a key', () => {
    const counters = new AttemptCounters(() => 0);
    counters.incr('k', 60_000);
    counters.incr('k', 60_000);
    counters.giveBack('k');
    expect(counters.read('k').current).toBe(1);
    counters.forget('k');
    expect(counters.read('k').current).toBe(0);
  });

  it('keeps at most `capacity` keys, dropping the least recently counted', () => {
    const counters = new AttemptCounters(() => 0, 2);
    counters.incr('a', 60_000);
    counters.incr('b', 60_000);
    counters.incr('a', 60_000);
    counters.incr('c', 60_000);
    expect(counters.read('a').current).toBe(2);
    expect(counters.read('b').current).toBe(0);
    expect(counters.read('c').current).toBe(1);
  });
});
