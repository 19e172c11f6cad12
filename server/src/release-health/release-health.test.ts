import type { ReleaseReport, ReportedEvent } from '@promo/domain/release-health/release-report';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/open-database';
import { engineOf, ReleaseEventStore } from './release-event-store';
import { failureRate, p75, summarizeReleaseHealth } from './release-health';

const CHROMIUM = { name: 'Chromium', version: '131' };
const WEBKIT = { name: 'WebKit', version: '18' };

const view = (version: string, route = '/'): ReportedEvent => ({
  type: 'page-view',
  remote: 'customer',
  version,
  route,
});
const loadFailure = (version: string): ReportedEvent => ({
  type: 'load-failure',
  remote: 'customer',
  version,
  stage: 'module',
  message: 'Loading chunk 7 failed.',
});
const lcp = (version: string, value: number): ReportedEvent => ({
  type: 'vital',
  remote: 'customer',
  version,
  route: '/',
  name: 'LCP',
  value,
});
const report = (events: ReportedEvent[], env = 'local'): ReleaseReport => ({ env, events });

describe('p75', () => {
  it('is the nearest-rank 75th percentile', () => {
    expect(p75([4, 1, 3, 2])).toBe(3);
    expect(p75([10])).toBe(10);
    expect(p75(Array.from({ length: 100 }, (_, i) => i + 1))).toBe(75);
    expect(p75([])).toBeUndefined();
  });
});

describe('failureRate', () => {
  it('counts load failures and crashes over page views plus load failures', () => {
    expect(failureRate({ pageViews: 90, loadFailures: 10, crashes: 0 })).toBe(0.1);
    expect(failureRate({ pageViews: 100, loadFailures: 0, crashes: 5 })).toBe(0.05);
    expect(failureRate({ pageViews: 0, loadFailures: 3, crashes: 0 })).toBe(1);
  });

  it('is capped at 1 and undefined before any attempt', () => {
    expect(failureRate({ pageViews: 1, loadFailures: 0, crashes: 4 })).toBe(1);
    expect(failureRate({ pageViews: 0, loadFailures: 0, crashes: 0 })).toBeUndefined();
  });
});

describe('engineOf', () => {
  it.each([
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
      'Chromium',
      '131',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 Edg/130.0.0.0',
      'Chromium',
      '130',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:153.0) Gecko/20100101 Firefox/153.0', 'Gecko', '153'],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
      'WebKit',
      '18',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1',
      'WebKit',
      '17',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/605.1.15 (KHTML, like Gecko)', 'WebKit', '605'],
    ['curl/8.5.0', 'Other', ''],
  ])('reads %s', (agent, name, version) => {
    expect(engineOf(agent)).toEqual({ name, version });
  });

  it('names no engine when there is no header', () => {
    expect(engineOf(undefined)).toEqual({ name: 'Other', version: '' });
  });
});

describe('summarizeReleaseHealth', () => {
  it('gives each version its page views, failure rate, fallbacks, p75 vitals and failing engines', () => {
    const db = openDatabase(':memory:');
    const store = new ReleaseEventStore(db);
    store.record(
      report([
        view('1.0.0'),
        view('1.0.0'),
        view('1.0.0'),
        view('1.0.0'),
        lcp('1.0.0', 1800),
        lcp('1.0.0', 2400),
      ]),
      CHROMIUM,
      1000,
    );
    store.record(
      report([view('1.1.0'), loadFailure('1.1.0'), loadFailure('1.1.0'), lcp('1.1.0', 3000)]),
      CHROMIUM,
      2000,
    );
    store.record(
      report([loadFailure('1.1.0'), { type: 'fallback', remote: 'customer', from: '1.1.0', to: '1.0.0' }]),
      WEBKIT,
      3000,
    );
    store.record(report([view('9.9.9')], 'bnt-stage'), CHROMIUM, 4000);

    const health = summarizeReleaseHealth(db, { env: 'local' });
    expect(health.map((row) => row.version)).toEqual(['1.1.0', '1.0.0']);
    expect(health[0]).toMatchObject({
      remote: 'customer',
      pageViews: 1,
      loadFailures: 3,
      crashes: 0,
      fallbacks: 1,
      failureRate: 0.75,
      lcpP75: 3000,
      failingEngines: [
        { engine: 'Chromium 131', failures: 2 },
        { engine: 'WebKit 18', failures: 1 },
      ],
      firstSeen: 2000,
      lastSeen: 3000,
    });
    expect(health[1]).toMatchObject({
      pageViews: 4,
      failureRate: 0,
      lcpP75: 2400,
      inpP75: undefined,
      failingEngines: [],
    });
    expect(summarizeReleaseHealth(db).length).toBe(3);
  });
});

describe('ReleaseEventStore retention', () => {
  it('drops rows older than the retention and beyond the row cap, oldest first', () => {
    const db = openDatabase(':memory:');
    const store = new ReleaseEventStore(db, { maxAgeMs: 10_000, maxRows: 5 });
    store.record(report([view('old')]), CHROMIUM, 0);
    store.record(report([view('1'), view('1'), view('1')]), CHROMIUM, 20_000);
    expect(summarizeReleaseHealth(db).map((row) => row.version)).toEqual(['1']);
    store.record(report([view('2'), view('2'), view('2'), view('2')]), CHROMIUM, 21_000);
    expect(store.count()).toBe(5);
    expect(summarizeReleaseHealth(db).map((row) => [row.version, row.pageViews])).toEqual([
      ['2', 4],
      ['1', 1],
    ]);
  });
});
