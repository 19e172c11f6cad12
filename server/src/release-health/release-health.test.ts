import type { ReleaseReport, ReportedEvent } from '@promo/domain/release-health/release-report.schema';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/open-database';
import { engineOf, ReleaseEventStore } from './release-event-store';
import { failureRate, sinceKey, summarizeReleaseHealth } from './release-health';
import { ReporterIds } from './reporters';

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

describe('failureRate', () => {
  it('is failing reporters over reporters who tried, undefined before anyone tried', () => {
    expect(failureRate({ reporters: 10, failingReporters: 1 })).toBe(0.1);
    expect(failureRate({ reporters: 3, failingReporters: 3 })).toBe(1);
    expect(failureRate({ reporters: 0, failingReporters: 0 })).toBeUndefined();
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

const ids = new ReporterIds(Buffer.alloc(32, 7));
const ann = ids.signedIn('user-ann');
const bob = ids.signedIn('user-bob');
const office = ids.anonymous('203.0.113.7');

describe('summarizeReleaseHealth', () => {
  it('counts distinct reporters: once for trying, once for failing, page views once an hour', () => {
    const db = openDatabase(':memory:');
    const store = new ReleaseEventStore(db);
    const HOUR = 3_600_000;
    // Ann views 1.0.0 four times in one hour, then once the next hour; Bob once.
    store.record(
      report([view('1.0.0'), view('1.0.0'), view('1.0.0'), lcp('1.0.0', 1800)]),
      ann,
      CHROMIUM,
      1000,
    );
    store.record(report([view('1.0.0'), lcp('1.0.0', 2400)]), ann, CHROMIUM, 2000);
    store.record(report([view('1.0.0')]), ann, CHROMIUM, HOUR + 1000);
    store.record(report([view('1.0.0')]), bob, CHROMIUM, 3000);
    // 1.1.0: Ann fails on it three times in Chromium; an office's anonymous pages once in WebKit,
    // falling back; Bob views it fine.
    store.record(
      report([
        view('1.1.0'),
        loadFailure('1.1.0'),
        loadFailure('1.1.0'),
        loadFailure('1.1.0'),
        lcp('1.1.0', 3000),
      ]),
      ann,
      CHROMIUM,
      2000,
    );
    store.record(
      report([loadFailure('1.1.0'), { type: 'fallback', remote: 'customer', from: '1.1.0', to: '1.0.0' }]),
      office,
      WEBKIT,
      4000,
    );
    store.record(report([view('1.1.0')]), bob, CHROMIUM, 4500);
    store.record(report([view('9.9.9')], 'bnt-stage'), ann, CHROMIUM, 5000);

    const health = summarizeReleaseHealth(db, { env: 'local' });
    expect(health.map((row) => row.version)).toEqual(['1.0.0', '1.1.0']);
    expect(health[1]).toMatchObject({
      remote: 'customer',
      reporters: 3,
      signedReporters: 2,
      failingReporters: 2,
      signedFailingReporters: 1,
      pageViews: 2,
      loadFailures: 2,
      crashes: 0,
      fallbacks: 1,
      failureRate: 2 / 3,
      signedFailureRate: 0.5,
      lcpP75: 3000,
      failingEngines: [
        { engine: 'Chromium 131', failures: 1 },
        { engine: 'WebKit 18', failures: 1 },
      ],
      firstSeen: 2000,
      lastSeen: 4500,
    });
    expect(health[0]).toMatchObject({
      reporters: 2,
      signedReporters: 2,
      failingReporters: 0,
      // Ann's two hours and Bob's one.
      pageViews: 3,
      failureRate: 0,
      lcpP75: 2400,
      inpP75: undefined,
      failingEngines: [],
    });
    expect(summarizeReleaseHealth(db).length).toBe(3);
  });

  it('leaves out reports received before a version entered its registry, and rows without a reporter', () => {
    const db = openDatabase(':memory:');
    const store = new ReleaseEventStore(db);
    store.record(report([view('2.0.0')]), ann, CHROMIUM, 1000);
    store.record(report([view('2.0.0')]), bob, CHROMIUM, 9000);
    db.prepare(
      `INSERT INTO release_events (received_at, env, remote, version, kind, engine, engine_version)
       VALUES (9500, 'local', 'customer', '2.0.0', 'load-failure', 'Chromium', '131')`,
    ).run();
    const since = { [sinceKey('local', 'customer', '2.0.0')]: 5000 };
    expect(summarizeReleaseHealth(db, { env: 'local', since })[0]).toMatchObject({
      reporters: 1,
      failingReporters: 0,
      firstSeen: 9000,
    });
    expect(summarizeReleaseHealth(db, { env: 'local' })[0]).toMatchObject({ reporters: 2 });
  });
});

describe('ReleaseEventStore retention', () => {
  it('drops rows older than the retention, then beyond the row cap the oldest anonymous ones first', () => {
    const db = openDatabase(':memory:');
    const store = new ReleaseEventStore(db, { maxAgeMs: 10_000, maxRows: 5 });
    store.record(report([view('old')]), ann, CHROMIUM, 0);
    store.record(report([view('1'), view('1')]), ann, CHROMIUM, 20_000);
    expect(summarizeReleaseHealth(db).map((row) => row.version)).toEqual(['1']);
    // A flood of anonymous rows: beyond the cap, they go before any signed-in row.
    store.record(report([view('2'), view('2'), view('2'), view('2')]), office, CHROMIUM, 21_000);
    expect(store.count()).toBe(5);
    store.record(report([view('3'), view('3')]), bob, CHROMIUM, 22_000);
    expect(store.count()).toBe(5);
    const kept = db.prepare('SELECT version, signed FROM release_events ORDER BY id').all();
    expect(kept).toEqual([
      { version: '1', signed: 1 },
      { version: '1', signed: 1 },
      { version: '2', signed: 0 },
      { version: '3', signed: 1 },
      { version: '3', signed: 1 },
    ]);
    // The last anonymous row goes first, then the oldest signed-in one.
    store.record(report([view('4'), view('4')]), ann, CHROMIUM, 23_000);
    expect(db.prepare('SELECT version FROM release_events ORDER BY id').all()).toEqual(
      ['1', '3', '3', '4', '4'].map((version) => ({ version })),
    );
  });
});
