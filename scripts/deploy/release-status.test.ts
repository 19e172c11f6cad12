import { describe, expect, it } from 'vitest';
import { formatTable, releaseRole, statusCells, type VersionHealth } from './release-status';

const row = (overrides: Partial<VersionHealth>): VersionHealth => ({
  env: 'local',
  remote: 'customer',
  version: '1.0.0',
  reporters: 0,
  signedReporters: 0,
  failingReporters: 0,
  signedFailingReporters: 0,
  pageViews: 0,
  loadFailures: 0,
  crashes: 0,
  fallbacks: 0,
  failureRate: undefined,
  signedFailureRate: undefined,
  lcpP75: undefined,
  inpP75: undefined,
  clsP75: undefined,
  failingEngines: [],
  firstSeen: 0,
  lastSeen: 0,
  ...overrides,
});

const release = {
  version: '1.0.0',
  manifest: 'https://cdn.test/customer/1.0.0/mf-manifest.json',
  lastGood: { version: '1.0.0', manifest: 'https://cdn.test/customer/1.0.0/mf-manifest.json' },
  staged: { version: '2.0.0', manifest: 'https://cdn.test/customer/2.0.0/mf-manifest.json', percent: 10 },
};

describe('releaseRole', () => {
  it('names what the registry holds the version as', () => {
    expect(releaseRole(release, '1.0.0')).toBe('current, last good');
    expect(releaseRole(release, '2.0.0')).toBe('staged 10 %');
    expect(releaseRole(release, '0.9.0')).toBe('');
  });
});

describe('status table', () => {
  it('prints one aligned row per version with its figures and failing engines', () => {
    const cells = statusCells(
      [
        row({
          version: '2.0.0',
          reporters: 20,
          signedReporters: 14,
          failingReporters: 8,
          pageViews: 12,
          loadFailures: 8,
          fallbacks: 8,
          failureRate: 0.4,
          lcpP75: 2412.4,
          inpP75: 96,
          failingEngines: [{ engine: 'WebKit 18', failures: 8 }],
        }),
        row({ reporters: 61, signedReporters: 60, pageViews: 240, failureRate: 0 }),
      ],
      () => release,
    );
    expect(formatTable(cells).split('\n')).toEqual([
      'env    remote    version  release             reporters  signed in      failed  fallbacks  page views  p75 LCP  p75 INP  failing engines',
      'local  customer  2.0.0    staged 10 %                20         14  8 (40.0 %)          8          12  2412 ms    96 ms  WebKit 18 (8)',
      'local  customer  1.0.0    current, last good         61         60   0 (0.0 %)          0         240        –        –  –',
    ]);
  });
});
