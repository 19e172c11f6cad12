/**
 * The release rules of one remote in one environment (docs/decisions/032-release-safety.md): which
 * version a device is served, what the shell falls back to, and how deploying, staging, promoting,
 * aborting, marking good and rolling back change the registry's entry. Pure: the deploy tool
 * (scripts/deploy/) writes the registry with them and the shell reads it with them.
 */
import type { RemoteRelease, RollbackRecord, StagedVersion, VersionRef } from '../api/registry.schema';

// The registry's entries are its schema's (api/registry.schema.ts), named here for the rules below.
export type { RemoteRelease, RollbackRecord, StagedVersion, VersionRef } from '../api/registry.schema';

/** A signed preview's token hash and expiry (StagedVersion). */
export type PreviewSignature = Required<Pick<StagedVersion, 'previewTokenHash' | 'previewExpires'>>;

/** When `ref` entered the registry, in epoch ms; undefined when not recorded (or not a time). */
export function sinceOf(ref: VersionRef | undefined): number | undefined {
  const time = ref?.since ? Date.parse(ref.since) : NaN;
  return Number.isFinite(time) ? time : undefined;
}

/** Characters a version may hold: it becomes a path segment, so no `/`, `..` at the start, or `%`. */
export const VERSION_PATTERN = /^[0-9A-Za-z][0-9A-Za-z.+-]{0,63}$/;

export const isValidVersion = (version: string) => VERSION_PATTERN.test(version);

/** `ref`'s version and manifest with `since`, or none when it is undefined (not recorded). */
function refSince({ version, manifest }: VersionRef, since: string | undefined): VersionRef {
  return since === undefined ? { version, manifest } : { version, manifest, since };
}

/** The versions of this remote the registry knows: a preview may name only one of these. */
export function knownVersions(release: RemoteRelease): VersionRef[] {
  const all = [release, release.staged, release.lastGood].filter(
    (ref): ref is VersionRef => ref !== undefined,
  );
  return all.map((ref) => refSince(ref, ref.since));
}

/** The entry with `ref` as its current version: nothing of the replaced one's is kept, `since` neither. */
function withCurrent(release: RemoteRelease, ref: VersionRef): RemoteRelease {
  const rest = { ...release };
  delete rest.since;
  return { ...rest, ...ref };
}

// What each deploy-tool command does to the entry. `undefined` in: the remote was never deployed here.

/**
 * A new current version, deployed `at`. The first one is good; later ones become good only through
 * markGood. The current version deployed again keeps its `since`.
 */
export function withDeployed(release: RemoteRelease | undefined, ref: VersionRef, at: Date): RemoteRelease {
  const since = at.toISOString();
  if (!release) {
    const first = refSince(ref, since);
    return { ...first, lastGood: first };
  }
  if (release.version === ref.version) return withCurrent(release, refSince(ref, release.since));
  // Deploying the staged version directly is its promotion; any other staged version stays staged.
  if (release.staged?.version === ref.version) {
    return withCurrent(withoutStaged(release), refSince(ref, release.staged.since));
  }
  return withCurrent(release, refSince(ref, since));
}

/**
 * Publishes `ref` beside the current version, `at`; a remote's first deploy has nothing to stage
 * beside. The staged version staged again (a new preview link, another percent) keeps its `since`.
 */
export function withStaged(
  release: RemoteRelease | undefined,
  ref: VersionRef,
  percent: number,
  at: Date,
  signature?: PreviewSignature,
): RemoteRelease {
  if (!release)
    throw new Error('Nothing is deployed yet to stage beside: deploy a first version without --stage.');
  if (ref.version === release.version) throw new Error(`${ref.version} is already the current version.`);
  const since = release.staged?.version === ref.version ? release.staged.since : at.toISOString();
  return {
    ...release,
    staged: { ...refSince(ref, since), percent: checkedPercent(percent), ...signature },
  };
}

function checkedPercent(percent: number): number {
  if (!Number.isFinite(percent) || percent < 0 || percent > 100) {
    throw new Error(`A rollout percent is a number from 0 to 100, not ${percent}.`);
  }
  return percent;
}

function withoutStaged(release: RemoteRelease): RemoteRelease {
  const copy = { ...release };
  delete copy.staged;
  return copy;
}

function stagedOf(release: RemoteRelease | undefined): StagedVersion {
  if (!release?.staged) throw new Error('No version is staged.');
  return release.staged;
}

export function withPercent(release: RemoteRelease | undefined, percent: number): RemoteRelease {
  const staged = stagedOf(release);
  return { ...release!, staged: { ...staged, percent: checkedPercent(percent) } };
}

/**
 * The staged version becomes current for everyone. Promoting does not mark it good: only page views
 * served without failures do (markGood), so a fallback still goes to a version known to work.
 */
export function withPromoted(release: RemoteRelease | undefined): RemoteRelease {
  const staged = stagedOf(release);
  // It has been in the registry, serving its devices, since it was staged.
  return withCurrent(withoutStaged(release!), refSince(staged, staged.since));
}

export function withAborted(release: RemoteRelease | undefined): RemoteRelease {
  stagedOf(release);
  return withoutStaged(release!);
}

/** `ref` (the current, staged or any deployed version) is known good: fallbacks go to it from now on. */
export function withMarkedGood(release: RemoteRelease | undefined, ref: VersionRef): RemoteRelease {
  if (!release) throw new Error('Nothing is deployed yet to mark good.');
  return { ...release, lastGood: refSince(ref, ref.since) };
}

/**
 * The deploy tool's --rollback: `ref`, a version deployed earlier, becomes current again. Back to the
 * last good version it keeps that one's `since`, as withRolledBackToLastGood does; any other version
 * re-enters the registry `at`.
 */
export function withRolledBackTo(
  release: RemoteRelease | undefined,
  ref: VersionRef,
  at: Date,
): RemoteRelease {
  if (!release) throw new Error('Nothing is deployed yet to roll back.');
  const { lastGood } = release;
  if (lastGood?.version === ref.version && release.version !== ref.version) {
    return withCurrent(release, refSince(ref, lastGood.since));
  }
  return withDeployed(release, ref, at);
}

/**
 * Away from a failing version, to the last good one. A failing staged version is dropped (its devices
 * go back to the current one); a failing current version is replaced by the last good one. Returns
 * undefined when there is nothing to do: the failing version is neither, or it is the last good one.
 */
export function withRolledBackToLastGood(
  release: RemoteRelease | undefined,
  failing: string,
  reason: string,
  at: Date,
): { release: RemoteRelease; from: string; to: string } | undefined {
  if (!release) return undefined;
  const record = (to: string): RollbackRecord => ({ from: failing, to, reason, at: at.toISOString() });
  if (release.staged?.version === failing) {
    return {
      release: { ...withoutStaged(release), lastRollback: record(release.version) },
      from: failing,
      to: release.version,
    };
  }
  const { lastGood } = release;
  if (release.version !== failing || !lastGood || lastGood.version === failing) return undefined;
  return {
    release: {
      ...withCurrent(release, refSince(lastGood, lastGood.since)),
      lastRollback: record(lastGood.version),
    },
    from: failing,
    to: lastGood.version,
  };
}
