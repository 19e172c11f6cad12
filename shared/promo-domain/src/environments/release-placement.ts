import type { SignedInRole } from '../types';
/**
 * Which version of a remote a device is served, and what it falls back to: the part of the release
 * rules (release-rules.ts) the shell runs at every start, kept apart so its entry carries only this.
 */
import type { RemoteRelease, StagedVersion, VersionRef } from './release-rules';

/** FNV-1a, 32 bits: small, stable across engines, and spreads short ids evenly enough to place them. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * Where a device falls for one staged version, in [0, 100) by steps of 0.01: served the staged
 * version when below its percent. The same device, remote and version always land in the same
 * place, so raising the percent only adds devices; each staged version places devices afresh, so
 * the same few do not try every new release first.
 */
export function rolloutBucket(deviceId: string, remote: string, version: string): number {
  return (fnv1a(`${deviceId}\u0000${remote}\u0000${version}`) % 10_000) / 100;
}

export const isInRollout = (deviceId: string, remote: string, staged: StagedVersion) =>
  rolloutBucket(deviceId, remote, staged.version) < staged.percent;

/** The version a device is served: the staged one if the device is in its rollout, else the current. */
export function servedVersion(release: RemoteRelease, remote: string, deviceId: string): VersionRef {
  const { staged } = release;
  if (staged && isInRollout(deviceId, remote, staged))
    return { version: staged.version, manifest: staged.manifest };
  return { version: release.version, manifest: release.manifest };
}

/** What the shell loads instead when `served` fails: the last good version, unless it is `served`. */
export function fallbackFor(release: RemoteRelease, served: VersionRef): VersionRef | undefined {
  const { lastGood } = release;
  return lastGood && lastGood.version !== served.version ? lastGood : undefined;
}

/**
 * The signed-in role a remote's pages are for: the customer remote's customers, the salesrep
 * remote's reps. Undefined for a remote anyone may open (the public one).
 */
export function audienceOf(remote: string): SignedInRole | undefined {
  if (remote === 'customer') return 'customer';
  if (remote === 'salesrep') return 'rep';
  return undefined;
}

/**
 * The key a browser is placed by in `remote`'s staged rollouts (rolloutBucket). On a remote only
 * its signed-in audience opens, the person's user id, once the shell knows it: a person is placed
 * alike on every device, and the API, which knows who sent a report, places them as the shell did
 * (docs/decisions/033-release-health.md, "What counts"). Elsewhere, and before the shell knows who is
 * signed in, the device's own id.
 */
export function rolloutKey(remote: string, ids: { deviceId: string; userId: string | undefined }): string {
  return audienceOf(remote) && ids.userId ? `user:${ids.userId}` : ids.deviceId;
}
