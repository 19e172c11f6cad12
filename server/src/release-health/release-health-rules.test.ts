import {
  withMarkedGood,
  withRolledBackToLastGood,
  type RemoteRelease,
} from '@promo/domain/environments/release-rules';
import type { RemoteName } from '@promo/domain/paths';
import type { ReportedEvent } from '@promo/domain/release-health/release-report.schema';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deviceOf, peopleOf, type TestPerson } from '../test-support/release-test-people';
import { createTestApp, TEST_NOW, type TestApp } from '../test-support/test-app';
import {
  DEFAULT_THRESHOLDS,
  exitCodeOf,
  watchRelease,
  type WatchOutcome,
  type WatchThresholds,
} from './release-decisions';
import { sinceKey, summarizeReleaseHealth } from './release-health';
import type { RegistryDocument } from './release-registries';

/**
 * Release health end to end on the server: reports through POST /api/v1/telemetry as browsers send
 * them, the figures the server keeps, and the watcher's own loop and decisions
 * (`npm run release:health -- watch`) repointing the registry the API reads. Each of an outside
 * tester's findings is replayed, then a real staged rollout is rolled back and one marked good.
 */

const ENV = 'local';
const HOUR = 3_600_000;
const manifest = (remote: string, version: string) =>
  `http://localhost:8081/${remote}/${version}/mf-manifest.json`;
const iso = (time: number) => new Date(time).toISOString();

let t: TestApp;
let registry: RegistryDocument;

/** `remote` deployed an hour ago at `current` (good), and `version` staged now at `percent`. */
function stage(remote: RemoteName, current: string, version: string, percent: number) {
  const ref = (name: string, since: number) => ({
    version: name,
    manifest: manifest(remote, name),
    since: iso(since),
  });
  registry.remotes![remote] = {
    ...ref(current, TEST_NOW - HOUR),
    lastGood: ref(current, TEST_NOW - HOUR),
    staged: { ...ref(version, TEST_NOW), percent },
  };
}

const release = (remote: string) => registry.remotes![remote]!;

beforeEach(async () => {
  registry = { remotes: {} };
  stage('public', '1.0.0', '1.0.0-unused', 0);
  t = await createTestApp({
    registries: { [ENV]: registry },
    throttle: { telemetryPerAddress: { max: 10_000, windowMs: 60_000 } },
  });
});
afterEach(async () => {
  await t.app.close();
});

/** One report, as the shell's beacon sends it: from `address`, with a person's session cookie or none. */
async function report(
  events: ReportedEvent[],
  from: { address?: string; cookie?: string; device?: string } = {},
): Promise<void> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/telemetry',
    remoteAddress: from.address ?? '127.0.0.1',
    headers: { 'content-type': 'text/plain;charset=UTF-8', ...(from.cookie && { cookie: from.cookie }) },
    payload: JSON.stringify({ env: ENV, events, ...(from.device && { device: from.device }) }),
  });
  expect(response.statusCode, response.body).toBe(204);
}

const pageView = (remote: RemoteName, version: string): ReportedEvent => ({
  type: 'page-view',
  remote,
  version,
  route: '/',
});
const loadFailure = (remote: RemoteName, version: string): ReportedEvent => ({
  type: 'load-failure',
  remote,
  version,
  stage: 'module',
  message: 'boom',
});
const crash = (remote: RemoteName | 'shell', version: string): ReportedEvent => ({
  type: 'crash',
  remote,
  version,
  route: '/',
  name: 'Error',
  message: 'fake',
  stack: '',
});

/** A browser served `remote`'s staged version that failed, fell back to the current one and used it. */
const failedAndFellBack = (remote: RemoteName, staged: string, current: string) => [
  loadFailure(remote, staged),
  { type: 'fallback', remote, from: staged, to: current } as ReportedEvent,
  pageView(remote, current),
];

/** `npm run release:health -- watch <remote>` over the app's database and registry, on the app's clock. */
async function watch(
  remote: RemoteName,
  thresholds: Partial<WatchThresholds> = {},
): Promise<{ outcome: WatchOutcome; exitCode: number; lines: string[] }> {
  const lines: string[] = [];
  const outcome = await watchRelease(
    {
      remote,
      env: ENV,
      forMs: 60_000,
      everyMs: 30_000,
      thresholds: { ...DEFAULT_THRESHOLDS, ...thresholds },
    },
    {
      readRelease: () => registry.remotes?.[remote],
      readHealth: (since) =>
        summarizeReleaseHealth(t.db, {
          env: ENV,
          remote,
          since: Object.fromEntries(
            Object.entries(since).map(([version, time]) => [sinceKey(ENV, remote, version), time]),
          ),
        }),
      rollBack: (version, reason) => {
        const moved = withRolledBackToLastGood(release(remote), version, reason, new Date(t.clock.now));
        if (moved) registry.remotes![remote] = moved.release;
        return moved && { from: moved.from, to: moved.to };
      },
      markGood: (version) => {
        const current: RemoteRelease = release(remote);
        const ref = [current, current.staged].find((candidate) => candidate?.version === version)!;
        registry.remotes![remote] = withMarkedGood(current, ref);
      },
      log: (line) => lines.push(line),
      now: () => t.clock.now,
      sleep: (ms) => {
        t.clock.now += ms;
        return Promise.resolve();
      },
    },
  );
  return { outcome, exitCode: exitCodeOf(outcome.outcome), lines };
}

const figuresOf = (remote: string, version: string) =>
  summarizeReleaseHealth(t.db, { env: ENV, remote }).find((row) => row.version === version);

describe('the findings of an outside tester, replayed', () => {
  it('five loopback addresses with no account, each sending a load failure and a crash, do not roll back a healthy customer version', async () => {
    stage('customer', '1.0.0', '1.1.0-healthy', 100);
    for (const address of ['127.0.0.1', '127.0.0.2', '127.0.0.3', '127.0.0.4', '127.0.0.5', '127.0.0.6']) {
      await report([loadFailure('customer', '1.1.0-healthy'), crash('customer', '1.1.0-healthy')], {
        address,
      });
    }

    expect(figuresOf('customer', '1.1.0-healthy')).toBeUndefined();
    const watched = await watch('customer');
    expect(watched.exitCode).toBe(3);
    expect(watched.lines.at(-1)).toBe(
      'local: customer no decision within the watch: nobody it was served to has reported on it yet.',
    );
    expect(release('customer').staged?.version).toBe('1.1.0-healthy');
  });

  it('twenty signed-in customers viewing a broken customer version staged at 0 % do not mark it good', async () => {
    stage('customer', '1.0.0', '6.6.6-broken', 0);
    for (const { cookie } of peopleOf(t.db, TEST_NOW, 'customer', 20))
      await report([pageView('customer', '6.6.6-broken')], { cookie });

    expect(figuresOf('customer', '6.6.6-broken')).toBeUndefined();
    const watched = await watch('customer', { minAgeMs: 0 });
    expect(watched.outcome.outcome).toBe('undecided');
    expect(watched.exitCode).toBe(3);
    expect(release('customer').lastGood?.version).toBe('1.0.0');
  });

  it("customers' page views do not count for the salesrep remote: its version is not marked good on them", async () => {
    stage('salesrep', '2.0.0', '2.1.0-broken', 100);
    for (const { cookie } of peopleOf(t.db, TEST_NOW, 'customer', 20))
      await report([pageView('salesrep', '2.1.0-broken')], { cookie });

    expect(figuresOf('salesrep', '2.1.0-broken')).toBeUndefined();
    const watched = await watch('salesrep', { minAgeMs: 0 });
    expect(watched.exitCode).toBe(3);
    expect(release('salesrep').lastGood?.version).toBe('2.0.0');
  });

  it("one customer's fake crash of a salesrep version, nor one rep's, holds a good salesrep version undecided", async () => {
    stage('salesrep', '2.0.0', '2.1.0-good', 100);
    const reps = peopleOf(t.db, TEST_NOW, 'rep', 20);
    for (const { cookie } of reps) await report([pageView('salesrep', '2.1.0-good')], { cookie });
    const [customer] = peopleOf(t.db, TEST_NOW, 'customer', 1);
    await report([crash('salesrep', '2.1.0-good')], { cookie: customer!.cookie });
    await report([crash('salesrep', '2.1.0-good')], { cookie: reps[0]!.cookie });

    expect(figuresOf('salesrep', '2.1.0-good')).toMatchObject({
      signedReporters: 20,
      signedFailingReporters: 1,
    });
    const watched = await watch('salesrep', { minAgeMs: 0 });
    expect(watched.outcome).toMatchObject({ outcome: 'marked-good', version: '2.1.0-good' });
    expect(watched.exitCode).toBe(0);
    expect(release('salesrep').lastGood?.version).toBe('2.1.0-good');
  });

  it('a shell crash naming a version the registry does not hold never shows in the figures', async () => {
    await report([crash('shell', '6.6.6-attacker-21')]);
    const [person] = peopleOf(t.db, TEST_NOW, 'customer', 1);
    await report([crash('shell', '6.6.6-attacker-21')], { cookie: person!.cookie });

    expect(summarizeReleaseHealth(t.db).map((row) => row.version)).not.toContain('6.6.6-attacker-21');
  });
});

describe('a real staged rollout, end to end', () => {
  /** `count` customers the 10 % rollout of customer@`version` serves, and `count` it does not. */
  const customersOf = (version: string, count: number): [TestPerson[], TestPerson[]] => {
    const placed = { remote: 'customer', version, percent: 10 };
    return [
      peopleOf(t.db, TEST_NOW, 'customer', count, { ...placed, inRollout: true }),
      peopleOf(t.db, TEST_NOW, 'customer', count, { ...placed, inRollout: false }),
    ];
  };

  it('rolls back a broken customer version staged at 10 % that the signed-in customers it reached fail on', async () => {
    stage('customer', '1.0.0', '1.1.0-broken', 10);
    const [reached, others] = customersOf('1.1.0-broken', 6);
    for (const { cookie } of others) await report([pageView('customer', '1.0.0')], { cookie });
    for (const { cookie } of reached)
      await report(failedAndFellBack('customer', '1.1.0-broken', '1.0.0'), { cookie });

    expect(figuresOf('customer', '1.1.0-broken')).toMatchObject({
      signedReporters: 6,
      signedFailingReporters: 6,
      fallbacks: 6,
    });
    const watched = await watch('customer');
    expect(watched.exitCode).toBe(1);
    expect(watched.lines.at(-1)).toMatch(
      /^local: customer rolled back from 1\.1\.0-broken to 1\.0\.0: 1\.1\.0-broken failed for 6 of 6 signed-in reporters \(100\.0 %/,
    );
    expect(release('customer')).toMatchObject({ version: '1.0.0', lastRollback: { from: '1.1.0-broken' } });
    expect(release('customer').staged).toBeUndefined();
  });

  it('marks good a healthy customer version staged at 10 % once 20 customers it reached used it for 15 minutes', async () => {
    stage('customer', '1.0.0', '1.1.0-healthy', 10);
    const [reached, others] = customersOf('1.1.0-healthy', 20);
    for (const { cookie } of others) await report([pageView('customer', '1.0.0')], { cookie });
    for (const { cookie } of reached.slice(0, 19))
      await report([pageView('customer', '1.1.0-healthy')], { cookie });
    // One of them is unlucky once: a share of 1 in 20 holds nothing back.
    await report([crash('customer', '1.1.0-healthy')], { cookie: reached[0]!.cookie });

    const waiting = await watch('customer');
    expect(waiting.exitCode).toBe(3);
    expect(waiting.lines.at(-1)).toContain('19 of the 20 signed-in reporters needed');

    await report([pageView('customer', '1.1.0-healthy')], { cookie: reached[19]!.cookie });
    t.clock.now = TEST_NOW + 15 * 60_000;
    const watched = await watch('customer');
    expect(watched.exitCode).toBe(0);
    expect(watched.lines.at(-1)).toBe(
      'local: customer 1.1.0-healthy is marked good: 1.1.0-healthy served 20 signed-in reporters for 15 min, 5.0 % of 20 failed on it.',
    );
    expect(release('customer').lastGood?.version).toBe('1.1.0-healthy');
  });

  it('rolls back a broken public version on the anonymous browsers its rollout reached: enough of them, and a share', async () => {
    stage('public', '1.0.0', '1.1.0-broken', 50);
    const reached = deviceOf('public', '1.1.0-broken', 50);
    const passedBy = deviceOf('public', '1.1.0-broken', 50, false);
    for (let index = 1; index <= 6; index += 1) {
      const address = `198.51.100.${index}`;
      await report(failedAndFellBack('public', '1.1.0-broken', '1.0.0'), { address, device: reached });
      // The same browsers' failures of a version their device is not served count for nothing.
      await report([loadFailure('public', '1.1.0-broken')], {
        address: `198.51.101.${index}`,
        device: passedBy,
      });
    }
    await report([pageView('public', '1.1.0-broken')], { address: '198.51.100.7', device: reached });

    expect(figuresOf('public', '1.1.0-broken')).toMatchObject({ reporters: 7, failingReporters: 6 });
    const watched = await watch('public');
    expect(watched.exitCode).toBe(1);
    expect(watched.lines.at(-1)).toContain('1.1.0-broken failed for 6 of 7 reporters (85.7 %');
    expect(release('public').staged).toBeUndefined();
  });
});
