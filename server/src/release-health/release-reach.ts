import {
  audienceOf,
  fallbackFor,
  rolloutKey,
  servedVersion,
} from '@promo/domain/environments/release-placement';
import { sinceOf, type RemoteRelease, type VersionRef } from '@promo/domain/environments/release-rules';
import type { Role } from '@promo/domain/types';
import type { KnownVersions } from './release-registries';

/**
 * Whether a release-health event is about a version that reached the person who sent it
 * (docs/decisions/033-release-health.md, "What counts"): only then does it count for that version.
 * The API answers as the shell would have served: by the registry's entry for the remote, the
 * staged rollout's placement (release-placement.ts, the shell's own rule) and the remote's audience.
 */

/** Who sent a report, as far as placing them goes. */
export interface Recipient {
  /** The signed-in user, read from the session; undefined for an anonymous page. */
  userId: string | undefined;
  role: Role | undefined;
  /** The browser's rollout id the report carries (release-report.schema.ts); a client may send any. */
  deviceId: string | undefined;
}

/**
 * The version the shell serves `who` of `remote`. A remote of a signed-in audience is placed by the
 * user, whom the API knows from the session, never by what the body says; the public remote by the
 * browser's id. Undefined when the recipient cannot be placed: not of the remote's audience, or no
 * id while a rollout serves some browsers one version and the rest another.
 */
function servedTo(release: RemoteRelease, remote: string, who: Recipient): VersionRef | undefined {
  const audience = audienceOf(remote);
  if (audience) {
    if (who.role !== audience || !who.userId) return undefined;
    return servedVersion(release, remote, rolloutKey(remote, { deviceId: '', userId: who.userId }));
  }
  if (who.deviceId !== undefined) return servedVersion(release, remote, who.deviceId);
  const percent = release.staged?.percent ?? 0;
  // Every id lands on the same side at 0 % and at 100 %.
  return percent <= 0 || percent >= 100 ? servedVersion(release, remote, '') : undefined;
}

/** When `version` entered `release`'s entry, in epoch ms (0: not recorded); undefined when it names none. */
function enteredAt(release: RemoteRelease, version: string): number | undefined {
  const ref = [release, release.staged, release.lastGood].find((candidate) => candidate?.version === version);
  return ref ? (sinceOf(ref) ?? 0) : undefined;
}

/**
 * Whether `remote@version` reached `who` at `now`: the registry names it and it had entered by
 * then, and it is the version the shell serves them, or the last good one it falls back to from
 * that. `served` narrows to the version served (a fallback's `from`).
 */
export function hasReached(
  known: KnownVersions,
  event: { remote: string; version: string; served?: boolean },
  who: Recipient,
  now: number,
): boolean {
  const release = known.get(event.remote);
  const since = release && enteredAt(release, event.version);
  if (!release || since === undefined || now < since) return false;
  const served = servedTo(release, event.remote, who);
  if (!served) return false;
  if (served.version === event.version) return true;
  return !event.served && fallbackFor(release, served)?.version === event.version;
}
