import { describe, expect, it } from 'vitest';
import {
  fallbackFor,
  isValidVersion,
  rolloutBucket,
  servedVersion,
  withAborted,
  withDeployed,
  withMarkedGood,
  withPercent,
  withPromoted,
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
  it('marks the first deploy good, and later deploys only current', () => {
    const first = withDeployed(undefined, ref('1.0.0'));
    expect(first).toEqual({ ...ref('1.0.0'), lastGood: ref('1.0.0') });
    expect(withDeployed(first, ref('2.0.0'))).toEqual({ ...ref('2.0.0'), lastGood: ref('1.0.0') });
  });

  it('stages beside the current version, promotes without marking good, and aborts', () => {
    const current = withDeployed(undefined, ref('1.0.0'));
    const staged = withStaged(current, ref('1.1.0'), 10);
    expect(staged.version).toBe('1.0.0');
    expect(staged.staged).toEqual({ ...ref('1.1.0'), percent: 10 });
    expect(withPromoted(staged)).toEqual({ ...ref('1.1.0'), lastGood: ref('1.0.0') });
    expect(withAborted(staged)).toEqual(current);
    expect(() => withStaged(undefined, ref('1.1.0'), 0)).toThrow('deploy a first version without --stage');
    expect(() => withStaged(current, ref('1.0.0'), 0)).toThrow('1.0.0 is already the current version.');
    expect(() => withPercent(staged, 101)).toThrow('A rollout percent is a number from 0 to 100, not 101.');
    expect(() => withPromoted(current)).toThrow('No version is staged.');
    expect(() => withAborted(current)).toThrow('No version is staged.');
  });

  it('deploying the staged version directly promotes it', () => {
    const staged = withStaged(withDeployed(undefined, ref('1.0.0')), ref('1.1.0'), 10);
    expect(withDeployed(staged, ref('1.1.0')).staged).toBeUndefined();
    expect(withDeployed(staged, ref('1.2.0')).staged?.version).toBe('1.1.0');
  });

  it('marks a version good, which is where a fallback then goes', () => {
    const release = withMarkedGood(
      withDeployed(withDeployed(undefined, ref('1.0.0')), ref('2.0.0')),
      ref('2.0.0'),
    );
    expect(release.lastGood).toEqual(ref('2.0.0'));
    expect(fallbackFor(withDeployed(release, ref('3.0.0')), ref('3.0.0'))).toEqual(ref('2.0.0'));
  });
});

describe('withRolledBackToLastGood', () => {
  const at = new Date('2026-11-25T10:00:00Z');
  const broken = withDeployed(withDeployed(undefined, ref('1.0.0')), ref('9.9.9'));

  it('repoints a failing current version to the last good one, and records why', () => {
    expect(withRolledBackToLastGood(broken, '9.9.9', 'failures 40 % over 120 page views', at)).toEqual({
      from: '9.9.9',
      to: '1.0.0',
      release: {
        ...ref('1.0.0'),
        lastGood: ref('1.0.0'),
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
    const staged = withStaged(withDeployed(undefined, ref('1.0.0')), ref('1.1.0'), 10);
    const result = withRolledBackToLastGood(staged, '1.1.0', 'crashes', at);
    expect(result?.to).toBe('1.0.0');
    expect(result?.release.staged).toBeUndefined();
    expect(result?.release.version).toBe('1.0.0');
  });

  it('does nothing for a version that is neither current nor staged, or is the last good one', () => {
    expect(withRolledBackToLastGood(broken, '5.0.0', 'x', at)).toBeUndefined();
    expect(withRolledBackToLastGood(withDeployed(undefined, ref('1.0.0')), '1.0.0', 'x', at)).toBeUndefined();
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
