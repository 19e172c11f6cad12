/**
 * The build-time half of the shell/remote contract: a remote's mf-manifest.json must expose the
 * routes module under the expected federation name, and share every singleton of the shell's
 * version policy at a version the shell accepts (and accept the shell's). A remote that would bring
 * a second React or QueryClient, or that the shell cannot mount, fails here with a clear message,
 * in CI and before a deploy, instead of in a customer's browser. The type half is checked by each
 * remote's routes.test.tsx and `tsc -b` against RemoteRoutesModule.
 */
import { remoteFederationName } from '@promo/domain/remote-contract';
import type { RemoteName } from '@promo/domain/paths';

interface ManifestShared {
  name: string;
  version: string;
  singleton?: boolean;
  /** A range the build asked the runtime to check; the apps ask none (rsbuild.base.ts, sharedSingletons). */
  requiredVersion?: string | false;
}

export interface FederationManifest {
  name: string;
  exposes: { name: string; path: string }[];
  shared: ManifestShared[];
}

/**
 * Every remote renders React elements, so it must take React from the shell. (A manifest lists only
 * the shared packages a build uses: a remote that never imports react-dom rightly does not list it.)
 */
const MUST_SHARE = ['react', 'react/jsx-runtime'];

/** Shared keys the shell's policy owns: exact names and the subpath prefixes of rsbuild.base.ts. */
function isPolicyPackage(name: string, policy: Map<string, ManifestShared>): boolean {
  return (
    policy.has(name) ||
    ['react/', 'react-dom/', '@promo/domain/', '@promo/ui/'].some((p) => name.startsWith(p))
  );
}

function parse(version: string): [number, number, number] | undefined {
  const match = /^(\d+)\.(\d+)\.(\d+)/.exec(version);
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : undefined;
}

/** `version` satisfies a caret range `^x.y.z` (the only form rangeOf gives). */
export function satisfiesCaret(version: string, range: string): boolean {
  const have = parse(version);
  const want = range.startsWith('^') ? parse(range.slice(1)) : undefined;
  if (!have || !want) return false;
  const [major, minor, patch] = want;
  if (have[0] !== major) return false;
  if (major === 0 && have[1] !== minor) return false;
  if (have[1] !== minor) return have[1] > minor;
  return have[2] >= patch;
}

/**
 * The versions a build accepts of a shared singleton: those caret-compatible with its own copy. The
 * runtime does not check them (rsbuild.base.ts, sharedSingletons), so this is where they hold.
 */
function rangeOf(entry: ManifestShared): string {
  return typeof entry.requiredVersion === 'string' ? entry.requiredVersion : `^${entry.version}`;
}

/** The problems that make `manifest` unusable by the shell whose manifest is `shell`; empty when none. */
export function remoteContractProblems(
  remote: RemoteName,
  manifest: FederationManifest,
  shell: Pick<FederationManifest, 'shared'>,
): string[] {
  const problems: string[] = [];
  const expectedName = remoteFederationName(remote);
  if (manifest.name !== expectedName) {
    problems.push(
      `The ${remote} remote is named "${manifest.name}"; the shell loads it as "${expectedName}".`,
    );
  }
  if (!manifest.exposes.some((expose) => expose.path === './routes')) {
    problems.push(
      `The ${remote} remote does not expose "./routes" (it exposes ${manifest.exposes.map((e) => `"${e.path}"`).join(', ') || 'nothing'}).`,
    );
  }
  const policy = new Map(shell.shared.map((entry) => [entry.name, entry]));
  const shared = new Map(manifest.shared.map((entry) => [entry.name, entry]));
  for (const name of MUST_SHARE) {
    if (!shared.has(name))
      problems.push(`The ${remote} remote does not share ${name}: it would bundle its own copy.`);
  }
  for (const entry of manifest.shared) {
    if (!isPolicyPackage(entry.name, policy)) continue;
    if (entry.singleton !== true)
      problems.push(`The ${remote} remote shares ${entry.name} without singleton: true.`);
    const hostEntry = policy.get(entry.name);
    if (!hostEntry) continue;
    const [shellRange, remoteRange] = [rangeOf(hostEntry), rangeOf(entry)];
    if (!satisfiesCaret(entry.version, shellRange)) {
      problems.push(
        `The ${remote} remote was built with ${entry.name} ${entry.version}; the shell requires ${shellRange}.`,
      );
    }
    if (!satisfiesCaret(hostEntry.version, remoteRange)) {
      problems.push(
        `The ${remote} remote requires ${entry.name} ${remoteRange}; the shell provides ${hostEntry.version}.`,
      );
    }
  }
  return problems;
}
