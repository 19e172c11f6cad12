import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

// `npm ci` warns (EBADENGINE) for every installed package whose `engines.node` excludes the running
// Node. The README promises a clean install on every Node line the root package.json accepts, so
// every locked package must accept the oldest release of each line (`^22.14.0 || ^24.0.0 || …`).
const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '../..');
const readJson = <T>(file: string): T => JSON.parse(readFileSync(join(repoRoot, file), 'utf8')) as T;

interface LockedPackage {
  version?: string;
  engines?: { node?: string } | string[];
  optional?: boolean;
}

const nodeRange = (pkg: LockedPackage) => (Array.isArray(pkg.engines) ? undefined : pkg.engines?.node);

describe('locked packages and the documented Node versions', () => {
  const root = readJson<{ engines: { node: string } }>('package.json');
  // The oldest release of each line the range names, e.g. 22.14.0, 24.0.0 and 26.0.0.
  const oldestOfEachLine = new semver.Range(root.engines.node).set.map(
    (comparators) => semver.minVersion(comparators.map(String).join(' '))!.version,
  );
  const lock = readJson<{ packages: Record<string, LockedPackage> }>('package-lock.json');

  it('the root package.json names the Node lines it supports, each with a lowest version', () => {
    expect(oldestOfEachLine.length).toBeGreaterThan(0);
    for (const version of oldestOfEachLine) expect(version).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it.each(oldestOfEachLine)('every locked package accepts Node %s', (version) => {
    const refusing = Object.entries(lock.packages)
      .filter(([path, pkg]) => path !== '' && nodeRange(pkg))
      // npm skips an optional package that refuses the running Node (or OS) without a warning.
      .filter(([, pkg]) => !pkg.optional)
      .filter(([, pkg]) => !semver.satisfies(version, nodeRange(pkg)!))
      .map(([path, pkg]) => `${path}@${pkg.version} wants node ${nodeRange(pkg)}`);
    expect(refusing).toEqual([]);
  });
});
