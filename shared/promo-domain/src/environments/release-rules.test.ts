import { describe, expect, it } from 'vitest';
import { fallbackFor, rolloutBucket, servedVersion } from './release-placement';
import {
  isValidVersion,
  withAborted,
  withDeployed,
  withMarkedGood,
  withPercent,
  withPromoted,
  withRolledBackTo,
  withRolledBackToLastGood,
  withStaged,
  type RemoteRelease,
} from './release-rules';

const ref = (version: string) => ({
  version,
  manifest: `https://cdn.test/customer/${version}/mf-manifest.json`,
});
const ids = Array.from({ length: 10_000 }, (_, i) => `device-${i}-${(i * 7919).toString(36)}`);

describe('servedVersion', () => {
  const release: RemoteRelease = {
    ...ref('1.4.1'),
    lastGood: ref('1.4.1'),
    staged: { ...ref('1.4.2'), percent: 10 },
  };

  it('serves a 10 % rollout to about 10 % of 10,000 devices', () => {
    const staged = ids.filter((id) => servedVersion(release, 'customer', id).version === '1.4.2').length;
    expect(staged).toBeGreaterThan(900);
    expect(staged).toBeLessThan(1100);
  });

  it('keeps each device on its version, and raising the percent only adds devices', () => {
    const first = ids.map((id) => servedVersion(release, 'customer', id).version);
    expect(ids.map((id) => servedVersion(release, 'customer', id).version)).toEqual(first);
    const wider = withPercent(release, 50);
    ids.forEach((id, i) => {
      if (first[i] === '1.4.2') expect(servedVersion(wider, 'customer', id).version).toBe('1.4.2');
    });
    const half = ids.filter((id) => servedVersion(wider, 'customer', id).version === '1.4.2').length;
    expect(half).toBeGreaterThan(4800);
    expect(half).toBeLessThan(5200);
  });

  it('serves nobody a staged version at 0 % and everybody at 100 %', () => {
    expect(ids.some((id) => servedVersion(withPercent(release, 0), 'customer', id).version === '1.4.2')).toBe(
      false,
    );
    expect(
      ids.every((id) => servedVersion(withPercent(release, 100), 'customer', id).version === '1.4.2'),
    ).toBe(true);
  });

  it('places devices afresh for another staged version or remote', () => {
    const inFirst = ids.filter((id) => rolloutBucket(id, 'customer', '1.4.2') < 10);
    const inNext = inFirst.filter((id) => rolloutBucket(id, 'customer', '1.4.3') < 10);
    const inOther = inFirst.filter((id) => rolloutBucket(id, 'salesrep', '1.4.2') < 10);
    expect(inNext.length).toBeLessThan(200);
    expect(inOther.length).toBeLessThan(200);
  });
});

describe('fallbackFor', () => {
  it('is the last good version, unless that is the version served', () => {
    const release: RemoteRelease = { ...ref('9.9.9'), lastGood: ref('1.4.1') };
    expect(fallbackFor(release, ref('9.9.9'))).toEqual(ref('1.4.1'));
    expect(fallbackFor(release, ref('1.4.1'))).toBeUndefined();
    expect(fallbackFor(ref('9.9.9'), ref('9.9.9'))).toBeUndefined();
  });
});

describe('deploy-tool transitions', () => {
  const t1 = new Date('2026-11-01T09:00:00Z');
  const t2 = new Date('2026-11-02T09:00:00Z');
  const t3 = new Date('2026-11-03T09:00:00Z');
  const at = (version: string, time: Date) => ({ ...ref(version), since: time.toISOString() });

  it('marks the first deploy good, and later deploys only current, each since it was deployed', () => {
    const first = withDeployed(undefined, ref('1.0.0'), t1);
    expect(first).toEqual({ ...at('1.0.0', t1), lastGood: at('1.0.0', t1) });
    expect(withDeployed(first, ref('2.0.0'), t2)).toEqual({ ...at('2.0.0', t2), lastGood: at('1.0.0', t1) });
    // The same version deployed again has been in the registry since its first deploy.
    expect(withDeployed(first, ref('1.0.0'), t2).since).toBe(t1.toISOString());
  });

  it('stages beside the current version, promotes without marking good, and aborts', () => {
    const current = withDeployed(undefined, ref('1.0.0'), t1);
    const staged = withStaged(current, ref('1.1.0'), 10, t2);
    expect(staged.version).toBe('1.0.0');
    expect(staged.since).toBe(t1.toISOString());
    expect(staged.staged).toEqual({ ...at('1.1.0', t2), percent: 10 });
    // Promoted, it keeps the time it was staged: it has served its devices since then.
    expect(withPromoted(staged)).toEqual({ ...at('1.1.0', t2), lastGood: at('1.0.0', t1) });
    expect(withPromoted(withPercent(staged, 50)).since).toBe(t2.toISOString());
    expect(withAborted(staged)).toEqual(current);
    expect(() => withStaged(undefined, ref('1.1.0'), 0, t2)).toThrow(
      'deploy a first version without --stage',
    );
    expect(() => withStaged(current, ref('1.0.0'), 0, t2)).toThrow('1.0.0 is already the current version.');
    expect(() => withPercent(staged, 101)).toThrow('A rollout percent is a number from 0 to 100, not 101.');
    expect(() => withPromoted(current)).toThrow('No version is staged.');
    expect(() => withAborted(current)).toThrow('No version is staged.');
  });

  it('records a signed preview with its expiry, and a version staged again keeps its since', () => {
    const current = withDeployed(undefined, ref('1.0.0'), t1);
    const signature = { previewTokenHash: 'ab'.repeat(32), previewExpires: t3.toISOString() };
    const staged = withStaged(current, ref('1.1.0'), 0, t2, signature);
    expect(staged.staged).toEqual({ ...at('1.1.0', t2), percent: 0, ...signature });
    // Staged again (a new link): same since, the new signature, or none.
    expect(withStaged(staged, ref('1.1.0'), 5, t3).staged).toEqual({ ...at('1.1.0', t2), percent: 5 });
    // Another version in its place entered the registry when it was staged.
    expect(withStaged(staged, ref('1.2.0'), 0, t3).staged?.since).toBe(t3.toISOString());
  });

  it('deploying the staged version directly promotes it, with the time it was staged', () => {
    const staged = withStaged(withDeployed(undefined, ref('1.0.0'), t1), ref('1.1.0'), 10, t2);
    expect(withDeployed(staged, ref('1.1.0'), t3)).toEqual({ ...at('1.1.0', t2), lastGood: at('1.0.0', t1) });
    expect(withDeployed(staged, ref('1.2.0'), t3).staged?.version).toBe('1.1.0');
  });

  it('marks a version good with its since, which is where a fallback then goes', () => {
    const release = withMarkedGood(
      withDeployed(withDeployed(undefined, ref('1.0.0'), t1), ref('2.0.0'), t2),
      at('2.0.0', t2),
    );
    expect(release.lastGood).toEqual(at('2.0.0', t2));
    expect(fallbackFor(withDeployed(release, ref('3.0.0'), t3), ref('3.0.0'))).toEqual(at('2.0.0', t2));
  });

  it('rolls back by hand: to the last good version with its since, to another one since now', () => {
    const good = withDeployed(undefined, ref('1.0.0'), t1);
    const broken = withDeployed(withDeployed(good, ref('2.0.0'), t2), ref('3.0.0'), t2);
    expect(withRolledBackTo(broken, ref('1.0.0'), t3)).toEqual({
      ...at('1.0.0', t1),
      lastGood: at('1.0.0', t1),
    });
    expect(withRolledBackTo(broken, ref('2.0.0'), t3)).toEqual({
      ...at('2.0.0', t3),
      lastGood: at('1.0.0', t1),
    });
    expect(() => withRolledBackTo(undefined, ref('1.0.0'), t3)).toThrow('Nothing is deployed yet');
  });

  it('reads and changes an entry written before since was recorded, adding none it does not know', () => {
    const old: RemoteRelease = {
      ...ref('1.0.0'),
      lastGood: ref('1.0.0'),
      staged: { ...ref('1.1.0'), percent: 5 },
    };
    expect(withPromoted(old)).toEqual({ ...ref('1.1.0'), lastGood: ref('1.0.0') });
    expect(withMarkedGood(old, ref('1.1.0')).lastGood).toEqual(ref('1.1.0'));
    expect(withDeployed(old, ref('2.0.0'), t3).since).toBe(t3.toISOString());
    expect(withRolledBackToLastGood(withDeployed(old, ref('2.0.0'), t3), '2.0.0', 'x', t3)?.release).toEqual({
      ...ref('1.0.0'),
      lastGood: ref('1.0.0'),
      staged: { ...ref('1.1.0'), percent: 5 },
      lastRollback: { from: '2.0.0', to: '1.0.0', reason: 'x', at: t3.toISOString() },
    });
  });
});

describe('withRolledBackToLastGood', () => {
  const at = new Date('2026-11-25T10:00:00Z');
  const deployedAt = new Date('2026-11-20T10:00:00Z');
  const broken = withDeployed(withDeployed(undefined, ref('1.0.0'), deployedAt), ref('9.9.9'), at);
  const good = { ...ref('1.0.0'), since: deployedAt.toISOString() };

  it('repoints a failing current version to the last good one, keeping its since, and records why', () => {
    expect(withRolledBackToLastGood(broken, '9.9.9', 'failures 40 % over 120 page views', at)).toEqual({
      from: '9.9.9',
      to: '1.0.0',
      release: {
        ...good,
        lastGood: good,
        lastRollback: {
          from: '9.9.9',
          to: '1.0.0',
          reason: 'failures 40 % over 120 page views',
          at: at.toISOString(),
        },
      },
    });
  });

  it('drops a failing staged version, leaving the current one for everybody', () => {
    const staged = withStaged(withDeployed(undefined, ref('1.0.0'), deployedAt), ref('1.1.0'), 10, at);
    const result = withRolledBackToLastGood(staged, '1.1.0', 'crashes', at);
    expect(result?.to).toBe('1.0.0');
    expect(result?.release.staged).toBeUndefined();
    expect(result?.release.version).toBe('1.0.0');
    expect(result?.release.since).toBe(deployedAt.toISOString());
  });

  it('does nothing for a version that is neither current nor staged, or is the last good one', () => {
    expect(withRolledBackToLastGood(broken, '5.0.0', 'x', at)).toBeUndefined();
    expect(
      withRolledBackToLastGood(withDeployed(undefined, ref('1.0.0'), at), '1.0.0', 'x', at),
    ).toBeUndefined();
    expect(withRolledBackToLastGood(undefined, '1.0.0', 'x', at)).toBeUndefined();
  });
});

describe('isValidVersion', () => {
  it('accepts version strings and refuses paths and URLs', () => {
    expect(isValidVersion('1.4.2')).toBe(true);
    expect(isValidVersion('1.4.2-abc123+build.1')).toBe(true);
    for (const bad of [
      '../1.4.2',
      '1.4.2/../../x',
      'https://evil.test/x',
      '//evil.test',
      '',
      '%2e%2e',
      '.hidden',
    ]) {
      expect(isValidVersion(bad)).toBe(false);
    }
  });
});
