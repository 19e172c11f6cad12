import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

// npm 12 runs a dependency's install scripts (preinstall, install, postinstall) only when
// `allowScripts` in the root package.json approves them, and npm 11.16+ warns about every one it
// does not cover. The project approves the scripts it needs and denies the rest by name
// (docs/decisions/034-node-and-sqlite.md), so a new dependency with an install script fails here
// until someone decides about it, instead of being skipped silently on someone's machine.
const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '../..');
const readJson = <T>(file: string): T => JSON.parse(readFileSync(join(repoRoot, file), 'utf8')) as T;

interface LockedPackage {
  name?: string;
  version?: string;
  hasInstallScript?: boolean;
}

/** `esbuild`, `esbuild@0.28.2`, `@scope/pkg@^1 || ^2`: the name, and the versions it covers. */
function parseEntry(key: string): { name: string; range: string } {
  const at = key.indexOf('@', 1);
  return at === -1 ? { name: key, range: '*' } : { name: key.slice(0, at), range: key.slice(at + 1) };
}

const lockedName = (path: string, pkg: LockedPackage) =>
  pkg.name ?? path.slice(path.lastIndexOf('node_modules/') + 13);

// npm also infers `node-gyp rebuild` for an installed package that ships a binding.gyp, even one
// whose package.json says `"gypfile": false` (better-sqlite3 13, which loads a prebuilt binary and
// needs no build): a fresh install records it in the lockfile, an older lockfile may lack it.
const hasInstallScript = (path: string, pkg: LockedPackage) =>
  pkg.hasInstallScript === true || existsSync(join(repoRoot, path, 'binding.gyp'));

describe('install scripts of locked packages and allowScripts', () => {
  const allowScripts =
    readJson<{ allowScripts?: Record<string, boolean> }>('package.json').allowScripts ?? {};
  const entries = Object.entries(allowScripts).map(([key, allowed]) => ({
    key,
    allowed,
    ...parseEntry(key),
  }));
  const lock = readJson<{ packages: Record<string, LockedPackage> }>('package-lock.json');
  const withScripts = Object.entries(lock.packages)
    .filter(([path, pkg]) => path !== '' && hasInstallScript(path, pkg))
    .map(([path, pkg]) => ({ name: lockedName(path, pkg), version: pkg.version ?? '' }));
  const covers = (entry: (typeof entries)[number], pkg: (typeof withScripts)[number]) =>
    entry.name === pkg.name && semver.satisfies(pkg.version, entry.range);

  it('every entry approves (true) or denies (false)', () => {
    expect(entries.filter((entry) => typeof entry.allowed !== 'boolean').map((entry) => entry.key)).toEqual(
      [],
    );
  });

  it('every locked package with an install script is approved or denied', () => {
    const uncovered = withScripts
      .filter((pkg) => !entries.some((entry) => covers(entry, pkg)))
      .map((pkg) => `${pkg.name}@${pkg.version}`);
    expect(uncovered).toEqual([]);
  });

  it('every entry still matches a locked package with an install script', () => {
    const stale = entries
      .filter((entry) => !withScripts.some((pkg) => covers(entry, pkg)))
      .map((entry) => entry.key);
    expect(stale).toEqual([]);
  });
});
