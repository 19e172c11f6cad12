import type { RemoteRelease } from '@promo/domain/environments/release-rules';
import { describe, expect, it } from 'vitest';
import {
  decideRelease,
  DEFAULT_THRESHOLDS,
  exitCodeOf,
  watchedVersions,
  watchRelease,
} from './release-decisions';
import type { VersionHealth } from './release-health';

/**
 * A version's figures in distinct reporters: `signed` signed-in and `anonymous` anonymous reporters
 * tried it; `signedFailing` and `anonymousFailing` of them failed.
 */
function counts(
  version: string,
  {
    signed = 0,
    anonymous = 0,
    signedFailing = 0,
    anonymousFailing = 0,
    firstSeen = 0,
    remote = 'customer',
  } = {},
): VersionHealth {
  const reporters = signed + anonymous;
  const failingReporters = signedFailing + anonymousFailing;
  return {
    env: 'live',
    remote,
    version,
    pageViews: reporters,
    lcpP75: undefined,
    inpP75: undefined,
    clsP75: undefined,
    lastSeen: firstSeen,
    reporters,
    signedReporters: signed,
    failingReporters,
    signedFailingReporters: signedFailing,
    loadFailures: failingReporters,
    crashes: 0,
    fallbacks: failingReporters,
    failureRate: reporters === 0 ? undefined : failingReporters / reporters,
    signedFailureRate: signed === 0 ? undefined : signedFailing / signed,
    failingEngines: failingReporters > 0 ? [{ engine: 'WebKit 18', failures: failingReporters }] : [],
    firstSeen,
  };
}

const HOUR = 3_600_000;

describe('decideRelease', () => {
  const customer = (ageMs: number, stagedPercent?: number) => ({ remote: 'customer', ageMs, stagedPercent });
  const site = (ageMs: number) => ({ remote: 'public', ageMs });
  const onPublic = (version: string, figures: Parameters<typeof counts>[1]) =>
    counts(version, { ...figures, remote: 'public' });

  it('waits while nobody it was served to has reported on the new version', () => {
    expect(decideRelease(undefined, counts('1.0.0', { signed: 50 }), customer(HOUR))).toEqual({
      action: 'wait',
      reason: 'nobody it was served to has reported on it yet',
    });
  });

  it('rolls back once 5 distinct signed-in reporters fail on it, 5 points worse than the other version, naming the engines', () => {
    const baseline = counts('1.0.0', { signed: 200, signedFailing: 2 });
    expect(
      decideRelease(counts('2.0.0', { signed: 4, signedFailing: 4 }), baseline, customer(0)).action,
    ).toBe('wait');
    const decision = decideRelease(counts('2.0.0', { signed: 8, signedFailing: 5 }), baseline, customer(0));
    expect(decision).toEqual({
      action: 'roll-back',
      reason:
        '2.0.0 failed for 5 of 8 signed-in reporters (62.5 %; 5 with load failures, 0 with crashes, 5 fallen back; WebKit 18 5), ' +
        'against 0.0 % for 1.0.0: more than 5.0 % worse',
    });
  });

  it('never rolls back a customer or rep version on anonymous reporters: nobody opens those pages without an account', () => {
    const decision = decideRelease(
      counts('2.0.0', { anonymous: 6, anonymousFailing: 6 }),
      undefined,
      customer(0),
    );
    expect(decision.action).toBe('wait');
    expect(
      decideRelease(counts('2.0.0', { anonymous: 6, anonymousFailing: 6, remote: 'salesrep' }), undefined, {
        remote: 'salesrep',
        ageMs: 0,
      }).action,
    ).toBe('wait');
  });

  it('rolls back a public version on anonymous reporters, each a distinct address, when enough of them and a large enough share failed', () => {
    expect(
      decideRelease(onPublic('2.0.0', { anonymous: 9, anonymousFailing: 6 }), undefined, site(0)),
    ).toMatchObject({
      action: 'roll-back',
      reason: expect.stringContaining('2.0.0 failed for 6 of 9 reporters (66.7 %') as unknown,
    });
    // Four addresses are too few, however large their share.
    expect(
      decideRelease(onPublic('2.0.0', { anonymous: 4, anonymousFailing: 4 }), undefined, site(0)).action,
    ).toBe('wait');
    // Six failing among 400 is too small a share (1.5 %).
    expect(
      decideRelease(onPublic('2.0.0', { anonymous: 400, anonymousFailing: 6 }), undefined, site(0)).action,
    ).toBe('wait');
  });

  it("compares with the other version's rate only when enough reporters failed on it too", () => {
    // One flooding account failing on the current version does not shield the staged one.
    const flooded = counts('1.0.0', { signed: 1, signedFailing: 1 });
    expect(decideRelease(counts('2.0.0', { signed: 5, signedFailing: 5 }), flooded, customer(0)).action).toBe(
      'roll-back',
    );
    // A real, widespread failure of both: 100 % against 50 % is still worse; 52 % against 50 % is not.
    const failing = counts('1.0.0', { signed: 40, signedFailing: 20 });
    expect(
      decideRelease(counts('2.0.0', { signed: 10, signedFailing: 10 }), failing, customer(0)).action,
    ).toBe('roll-back');
    expect(
      decideRelease(counts('2.0.0', { signed: 25, signedFailing: 13 }), failing, customer(0)).action,
    ).toBe('wait');
  });

  it('marks good with 20 signed-in reporters, 15 minutes in service and under 5 % of them failing', () => {
    const baseline = counts('1.0.0', { signed: 100 });
    const healthy = counts('2.0.0', { signed: 20 });
    expect(decideRelease(healthy, baseline, customer(15 * 60_000))).toEqual({
      action: 'mark-good',
      reason: '2.0.0 served 20 signed-in reporters for 15 min, 0.0 % of 20 failed on it',
    });
    expect(decideRelease(counts('2.0.0', { signed: 19 }), baseline, customer(HOUR))).toEqual({
      action: 'wait',
      reason: '2.0.0: 0.0 % of 19 reporters failed; 19 of the 20 signed-in reporters needed',
    });
    expect(decideRelease(healthy, baseline, customer(14 * 60_000)).reason).toContain(
      '14 min of the 15 min in service needed',
    );
    // Two of 60 (3.3 %) is below the share; three of 30 (10 %) holds it back.
    expect(
      decideRelease(counts('2.0.0', { signed: 60, signedFailing: 2 }), baseline, customer(HOUR)).action,
    ).toBe('mark-good');
    expect(
      decideRelease(counts('2.0.0', { signed: 30, signedFailing: 3 }), baseline, customer(HOUR)).reason,
    ).toBe(
      '2.0.0: 10.0 % of 30 reporters failed; 3 reporters failed on it (10.0 %; good below 5.0 %, ' +
        'and not more than 5.0 % worse than 1.0.0; 5 failing reporters roll it back)',
    );
  });

  it('lets one failing reporter never hold a version back, however few used it', () => {
    const decision = decideRelease(
      counts('2.0.0', { signed: 20, signedFailing: 1 }),
      undefined,
      customer(HOUR),
    );
    expect(decision.action).toBe('mark-good');
  });

  it('never marks good a version staged at 0 %, nor on anonymous reporters alone, however many', () => {
    expect(decideRelease(counts('2.0.0', { signed: 50 }), undefined, customer(HOUR, 0)).reason).toBe(
      '2.0.0: 0.0 % of 50 reporters failed; it is staged at 0 %: nobody is served it',
    );
    expect(decideRelease(onPublic('2.0.0', { anonymous: 5000 }), undefined, site(HOUR)).action).toBe('wait');
  });

  it('takes other thresholds', () => {
    const thresholds = { ...DEFAULT_THRESHOLDS, rollbackReporters: 2, goodReporters: 3, minAgeMs: 0 };
    expect(
      decideRelease(counts('2.0.0', { signed: 2, signedFailing: 2 }), undefined, customer(0), thresholds)
        .action,
    ).toBe('roll-back');
    expect(decideRelease(counts('2.0.0', { signed: 3 }), undefined, customer(0), thresholds).action).toBe(
      'mark-good',
    );
  });
});

const ref = (version: string, since?: string) => ({
  version,
  manifest: `https://cdn.test/customer/${version}/mf-manifest.json`,
  ...(since ? { since } : {}),
});

describe('watchedVersions', () => {
  it('watches a staged version against the current one, with when each entered the registry', () => {
    const release: RemoteRelease = {
      ...ref('1.1.0', '2026-11-01T00:00:00.000Z'),
      lastGood: ref('1.0.0'),
      staged: { ...ref('2.0.0', '2026-11-02T00:00:00.000Z'), percent: 10 },
    };
    expect(watchedVersions(release)).toEqual({
      candidate: '2.0.0',
      baseline: '1.1.0',
      candidateSince: Date.parse('2026-11-02T00:00:00.000Z'),
      baselineSince: Date.parse('2026-11-01T00:00:00.000Z'),
      stagedPercent: 10,
    });
  });

  it('watches a current version not yet good against the last good one, and nothing once it is good', () => {
    expect(watchedVersions({ ...ref('2.0.0'), lastGood: ref('1.0.0') })).toEqual({
      candidate: '2.0.0',
      baseline: '1.0.0',
      candidateSince: undefined,
      baselineSince: undefined,
    });
    expect(watchedVersions({ ...ref('1.0.0'), lastGood: ref('1.0.0') })).toBeUndefined();
    expect(watchedVersions(undefined)).toBeUndefined();
  });
});

describe('exitCodeOf', () => {
  it('tells the outcomes apart: 0 good, 1 rolled back, 3 undecided', () => {
    expect(exitCodeOf('marked-good')).toBe(0);
    expect(exitCodeOf('nothing-to-watch')).toBe(0);
    expect(exitCodeOf('rolled-back')).toBe(1);
    expect(exitCodeOf('undecided')).toBe(3);
  });
});

describe('watchRelease', () => {
  const deployedAt = Date.parse('2026-11-20T00:00:00.000Z');
  const release: RemoteRelease = {
    ...ref('2.0.0', new Date(deployedAt).toISOString()),
    lastGood: ref('1.0.0', '2026-11-01T00:00:00.000Z'),
  };

  it('looks again until the figures decide, then rolls back and says why; it reads only reports since each version entered', async () => {
    const looks = [
      [counts('2.0.0', { signed: 3, signedFailing: 3 })],
      [counts('2.0.0', { signed: 7, signedFailing: 6 }), counts('1.0.0', { signed: 300 })],
    ];
    const rolledBack: string[] = [];
    const lines: string[] = [];
    const sinceAsked: Record<string, number>[] = [];
    const outcome = await watchRelease(
      { remote: 'customer', env: 'bnt-stage', forMs: 60_000, everyMs: 1000 },
      {
        readRelease: () => release,
        readHealth: (since) => {
          sinceAsked.push(since);
          return looks.shift() ?? [];
        },
        rollBack: (version, reason) => {
          rolledBack.push(`${version}: ${reason}`);
          return { from: version, to: '1.0.0' };
        },
        markGood: () => expect.unreachable('a failing version is not marked good'),
        log: (line) => lines.push(line),
        now: () => deployedAt + 60_000,
        sleep: () => Promise.resolve(),
      },
    );
    expect(outcome).toMatchObject({ outcome: 'rolled-back', from: '2.0.0', to: '1.0.0' });
    expect(rolledBack).toHaveLength(1);
    expect(sinceAsked[0]).toEqual({ '2.0.0': deployedAt, '1.0.0': Date.parse('2026-11-01T00:00:00.000Z') });
    expect(lines[0]).toBe(
      'bnt-stage: customer watching: 2.0.0: 100.0 % of 3 reporters failed; 3 of the 20 signed-in reporters needed; ' +
        '1 min of the 15 min in service needed; 3 reporters failed on it (100.0 %; good below 5.0 %, ' +
        'and not more than 5.0 % worse than the last good version; 5 failing reporters roll it back).',
    );
    expect(lines[1]).toMatch(
      /^bnt-stage: customer rolled back from 2\.0\.0 to 1\.0\.0: 2\.0\.0 failed for 6 of 7 signed-in reporters \(85\.7 %/,
    );
  });

  it('marks a healthy version good once it has been in service long enough', async () => {
    const good: string[] = [];
    let clock = deployedAt;
    const outcome = await watchRelease(
      { remote: 'customer', env: 'local', forMs: HOUR, everyMs: 5 * 60_000 },
      {
        readRelease: () => release,
        readHealth: () => [counts('2.0.0', { signed: 60 }), counts('1.0.0', { signed: 60 })],
        rollBack: () => expect.unreachable('a healthy version is not rolled back'),
        markGood: (version) => good.push(version),
        log: () => undefined,
        now: () => clock,
        sleep: (ms) => {
          clock += ms;
          return Promise.resolve();
        },
      },
    );
    expect(outcome.outcome).toBe('marked-good');
    expect(good).toEqual(['2.0.0']);
    expect(clock - deployedAt).toBe(15 * 60_000);
  });

  it('stops by itself when the watch ends without a decision', async () => {
    let clock = deployedAt;
    let looks = 0;
    const outcome = await watchRelease(
      { remote: 'customer', env: 'local', forMs: 10_000, everyMs: 3000 },
      {
        readRelease: () => release,
        readHealth: () => {
          looks += 1;
          return [counts('2.0.0', { signed: 5 })];
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
    expect(outcome).toEqual({
      outcome: 'undecided',
      reason:
        '2.0.0: 0.0 % of 5 reporters failed; 5 of the 20 signed-in reporters needed; 0 min of the 15 min in service needed',
    });
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
