import type { RemoteRelease } from '@promo/domain/environments/release-rules';
import { describe, expect, it } from 'vitest';
import {
  decideRelease,
  DEFAULT_THRESHOLDS,
  watchedVersions,
  watchRelease,
  type VersionCounts,
} from './release-watch';

function counts(version: string, pageViews: number, loadFailures = 0, crashes = 0): VersionCounts {
  const attempts = pageViews + loadFailures;
  return {
    version,
    pageViews,
    loadFailures,
    crashes,
    fallbacks: loadFailures,
    failureRate: attempts === 0 ? undefined : Math.min(1, (loadFailures + crashes) / attempts),
    failingEngines:
      loadFailures + crashes > 0 ? [{ engine: 'WebKit 18', failures: loadFailures + crashes }] : [],
  };
}

describe('decideRelease', () => {
  it('waits until the new version has 20 attempts, however bad it looks', () => {
    expect(decideRelease(counts('2.0.0', 0, 19), counts('1.0.0', 500))).toEqual({
      action: 'wait',
      reason: '19 of the 20 attempts needed before deciding',
    });
    expect(decideRelease(undefined, counts('1.0.0', 500)).action).toBe('wait');
  });

  it('rolls back past 5 points more failure than the last good version, naming the engines', () => {
    const decision = decideRelease(counts('2.0.0', 12, 8), counts('1.0.0', 200, 2));
    expect(decision.action).toBe('roll-back');
    expect(decision.reason).toBe(
      '2.0.0 failed 40.0 % of 20 attempts (8 load failures, 0 crashes, 8 fallbacks; WebKit 18 8), ' +
        'against 1.0 % for 1.0.0: more than 5.0 % worse',
    );
  });

  it('keeps a version that fails no more than 5 points above the last good one', () => {
    // 6 % against 2 %: within the margin.
    expect(decideRelease(counts('2.0.0', 47, 3), counts('1.0.0', 98, 2)).action).toBe('wait');
    // 8 % against 2 %: past it.
    expect(decideRelease(counts('2.0.0', 46, 4), counts('1.0.0', 98, 2)).action).toBe('roll-back');
  });

  it('compares with 0 % when the last good version has no reports', () => {
    expect(decideRelease(counts('2.0.0', 20, 0, 2), undefined).action).toBe('roll-back');
  });

  it('marks a version good after 50 page views without a failure', () => {
    expect(decideRelease(counts('2.0.0', 49), counts('1.0.0', 100)).action).toBe('wait');
    expect(decideRelease(counts('2.0.0', 50), counts('1.0.0', 100))).toEqual({
      action: 'mark-good',
      reason: '2.0.0 served 50 page views, 0.0 % failed',
    });
    expect(decideRelease(counts('2.0.0', 100, 0, 1), counts('1.0.0', 100)).action).toBe('wait');
  });

  it('takes other thresholds', () => {
    expect(
      decideRelease(counts('2.0.0', 3, 1), undefined, { ...DEFAULT_THRESHOLDS, minAttempts: 4 }).action,
    ).toBe('roll-back');
  });
});

const ref = (version: string) => ({
  version,
  manifest: `https://cdn.test/customer/${version}/mf-manifest.json`,
});

describe('watchedVersions', () => {
  it('watches a staged version against the current one', () => {
    const release: RemoteRelease = {
      ...ref('1.1.0'),
      lastGood: ref('1.0.0'),
      staged: { ...ref('2.0.0'), percent: 10 },
    };
    expect(watchedVersions(release)).toEqual({ candidate: '2.0.0', baseline: '1.1.0' });
  });

  it('watches a current version not yet good against the last good one, and nothing once it is good', () => {
    expect(watchedVersions({ ...ref('2.0.0'), lastGood: ref('1.0.0') })).toEqual({
      candidate: '2.0.0',
      baseline: '1.0.0',
    });
    expect(watchedVersions({ ...ref('1.0.0'), lastGood: ref('1.0.0') })).toBeUndefined();
    expect(watchedVersions(undefined)).toBeUndefined();
  });
});

describe('watchRelease', () => {
  const release: RemoteRelease = { ...ref('2.0.0'), lastGood: ref('1.0.0') };

  it('looks again until the figures decide, then rolls back and says why', async () => {
    const looks = [[counts('2.0.0', 5)], [counts('2.0.0', 5, 30), counts('1.0.0', 300)]];
    const rolledBack: string[] = [];
    const lines: string[] = [];
    const outcome = await watchRelease(
      { remote: 'customer', env: 'bnt-stage', forMs: 60_000, everyMs: 1000 },
      {
        readRelease: () => release,
        readHealth: () => looks.shift() ?? [],
        rollBack: (version, reason) => {
          rolledBack.push(`${version}: ${reason}`);
          return { from: version, to: '1.0.0' };
        },
        markGood: () => expect.unreachable('a failing version is not marked good'),
        log: (line) => lines.push(line),
        sleep: () => Promise.resolve(),
      },
    );
    expect(outcome).toMatchObject({ outcome: 'rolled-back', from: '2.0.0', to: '1.0.0' });
    expect(rolledBack).toHaveLength(1);
    expect(lines[0]).toBe('bnt-stage: customer watching: 5 of the 20 attempts needed before deciding.');
    expect(lines[1]).toMatch(
      /^bnt-stage: customer rolled back from 2\.0\.0 to 1\.0\.0: 2\.0\.0 failed 85\.7 % of 35 attempts/,
    );
  });

  it('marks a healthy version good', async () => {
    const good: string[] = [];
    const outcome = await watchRelease(
      { remote: 'customer', env: 'local', forMs: 60_000, everyMs: 1000 },
      {
        readRelease: () => release,
        readHealth: () => [counts('2.0.0', 60), counts('1.0.0', 60)],
        rollBack: () => expect.unreachable('a healthy version is not rolled back'),
        markGood: (version) => good.push(version),
        log: () => undefined,
      },
    );
    expect(outcome.outcome).toBe('marked-good');
    expect(good).toEqual(['2.0.0']);
  });

  it('stops by itself when the watch ends without a decision', async () => {
    let clock = 0;
    let looks = 0;
    const outcome = await watchRelease(
      { remote: 'customer', env: 'local', forMs: 10_000, everyMs: 3000 },
      {
        readRelease: () => release,
        readHealth: () => {
          looks += 1;
          return [counts('2.0.0', 3)];
        },
        rollBack: () => undefined,
        markGood: () => undefined,
        log: () => undefined,
        now: () => clock,
        sleep: (ms) => {
          clock += ms;
          return Promise.resolve();
        },
      },
    );
    expect(outcome).toEqual({ outcome: 'undecided', reason: '3 of the 20 attempts needed before deciding' });
    // At 0, 3, 6, 9 and 10 s.
    expect(looks).toBe(5);
  });

  it('has nothing to watch when the current version is the last good one', async () => {
    const outcome = await watchRelease(
      { remote: 'customer', env: 'local', forMs: 10_000, everyMs: 3000 },
      {
        readRelease: () => ({ ...ref('1.0.0'), lastGood: ref('1.0.0') }),
        readHealth: () => expect.unreachable('nothing to read'),
        rollBack: () => undefined,
        markGood: () => undefined,
        log: () => undefined,
      },
    );
    expect(outcome).toEqual({ outcome: 'nothing-to-watch' });
  });
});
