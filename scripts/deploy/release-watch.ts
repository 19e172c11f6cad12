/**
 * The release-health watcher (`npm run release:health -- watch`): during a staged rollout, or after a
 * deploy, it compares the new version's failing reporters with its last good version's and either
 * rolls it back to the last good one or marks it good. The rules and their defaults:
 * docs/decisions/033-release-health.md.
 */
import { sinceOf, type RemoteRelease } from '@promo/domain/environments/release-rules';
import type { VersionHealth } from '@promo/server/release-health';

export interface WatchThresholds {
  /** Distinct reporters who must fail on a version before it can be rolled back. */
  rollbackReporters: number;
  /** Rolled back when its failure rate exceeds the last good version's by more than this. 0..1 */
  maxExtraFailureRate: number;
  /** Distinct signed-in reporters a version must serve before it is marked good. */
  goodReporters: number;
  /** …of whom at most this share failed (0: none, docs/decisions/032-release-safety.md). 0..1 */
  goodMaxFailureRate: number;
  /** …and no sooner than this after it was deployed or staged. ms */
  minAgeMs: number;
}

export const DEFAULT_THRESHOLDS: WatchThresholds = {
  rollbackReporters: 5,
  maxExtraFailureRate: 0.05,
  goodReporters: 20,
  goodMaxFailureRate: 0,
  minAgeMs: 15 * 60_000,
};

export type WatchDecision =
  | { action: 'roll-back'; reason: string }
  | { action: 'mark-good'; reason: string }
  | { action: 'wait'; reason: string };

const percent = (rate: number) => `${(rate * 100).toFixed(1)} %`;
const minutes = (ms: number) => `${Math.floor(ms / 60_000)} min`;

/**
 * The baseline's failure rate as a rollback compares with it: 0 unless as many distinct reporters
 * failed on it as a rollback needs. Below that its failures are noise, or a flood from a few
 * clients meant to shield the new version.
 */
function baselineRate(baseline: VersionHealth | undefined, thresholds: WatchThresholds): number {
  if (!baseline || baseline.failingReporters < thresholds.rollbackReporters) return 0;
  return baseline.failureRate ?? 0;
}

/**
 * What to do about `candidate` given its last good version's figures (`baseline`, undefined when
 * that version has no reports) and how long the candidate has been in the registry (`ageMs`).
 */
export function decideRelease(
  candidate: VersionHealth | undefined,
  baseline: VersionHealth | undefined,
  ageMs: number,
  thresholds: WatchThresholds = DEFAULT_THRESHOLDS,
): WatchDecision {
  if (!candidate || candidate.reporters === 0) {
    return { action: 'wait', reason: 'nobody has reported on it yet' };
  }
  const rate = candidate.failureRate ?? 0;
  const against = baselineRate(baseline, thresholds);
  const worse = rate - against > thresholds.maxExtraFailureRate;
  if (worse && candidate.failingReporters >= thresholds.rollbackReporters) {
    const engines = candidate.failingEngines.map(({ engine, failures }) => `${engine} ${failures}`);
    return {
      action: 'roll-back',
      reason:
        `${candidate.version} failed for ${candidate.failingReporters} of ${candidate.reporters} reporters (${percent(rate)}; ` +
        `${candidate.loadFailures} with load failures, ${candidate.crashes} with crashes, ${candidate.fallbacks} fallen back` +
        `${engines.length > 0 ? `; ${engines.join(', ')}` : ''}), ` +
        `against ${percent(against)} for ${baseline?.version ?? 'the last good version'}: ` +
        `more than ${percent(thresholds.maxExtraFailureRate)} worse`,
    };
  }
  const signedRate = candidate.signedFailureRate ?? 0;
  const missing = [
    candidate.signedReporters < thresholds.goodReporters &&
      `${candidate.signedReporters} of the ${thresholds.goodReporters} signed-in reporters needed`,
    ageMs < thresholds.minAgeMs &&
      `${minutes(ageMs)} of the ${minutes(thresholds.minAgeMs)} in service needed`,
    signedRate > thresholds.goodMaxFailureRate &&
      `${candidate.signedFailingReporters} signed-in reporters failed on it (${percent(signedRate)}, at most ${percent(thresholds.goodMaxFailureRate)} to be good)`,
    worse &&
      `${candidate.failingReporters} of the ${thresholds.rollbackReporters} failing reporters needed to roll back (${percent(rate)} failed)`,
  ].filter((reason): reason is string => typeof reason === 'string');
  if (missing.length === 0) {
    return {
      action: 'mark-good',
      reason:
        `${candidate.version} served ${candidate.signedReporters} signed-in reporters for ${minutes(ageMs)}, ` +
        `${percent(signedRate)} of them failed (${percent(rate)} of all ${candidate.reporters})`,
    };
  }
  return {
    action: 'wait',
    reason: `${candidate.version}: ${percent(rate)} of ${candidate.reporters} reporters failed; ${missing.join('; ')}`,
  };
}

export interface WatchedVersions {
  candidate: string;
  baseline: string | undefined;
  /** When each entered the registry, as recorded (epoch ms). */
  candidateSince: number | undefined;
  baselineSince: number | undefined;
}

/**
 * The version being released and the one it is measured against: the staged version while one is
 * rolling out (against the current one), else the current version when it is not yet known good
 * (against the last good one); undefined when there is nothing to watch.
 */
export function watchedVersions(release: RemoteRelease | undefined): WatchedVersions | undefined {
  if (!release) return undefined;
  // A staged version is measured against the current one, which serves everyone else meanwhile.
  if (release.staged) {
    return {
      candidate: release.staged.version,
      baseline: release.version,
      candidateSince: sinceOf(release.staged),
      baselineSince: sinceOf(release),
    };
  }
  if (release.lastGood?.version === release.version) return undefined;
  return {
    candidate: release.version,
    baseline: release.lastGood?.version,
    candidateSince: sinceOf(release),
    baselineSince: sinceOf(release.lastGood),
  };
}

export interface WatchOptions {
  remote: string;
  env: string;
  thresholds?: WatchThresholds;
  /** How long to watch at most. ms */
  forMs: number;
  /** Between two looks at the figures. ms */
  everyMs: number;
}

/** What the watcher acts on: the registry entry, the figures, the two registry changes, a clock. */
export interface WatchDeps {
  readRelease: () => RemoteRelease | undefined;
  /**
   * The figures of each version, counting only reports received since each entered the registry
   * (`since`: version → epoch ms).
   */
  readHealth: (since: Record<string, number>) => VersionHealth[];
  rollBack: (version: string, reason: string) => { from: string; to: string } | undefined;
  markGood: (version: string) => void;
  log: (line: string) => void;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

export type WatchOutcome =
  | { outcome: 'rolled-back'; from: string; to: string; reason: string }
  | { outcome: 'marked-good'; version: string; reason: string }
  | { outcome: 'nothing-to-watch' }
  | { outcome: 'undecided'; reason: string };

/** The command's exit code for each outcome: a deploy pipeline tells them apart without reading. */
export function exitCodeOf(outcome: WatchOutcome['outcome']): 0 | 1 | 3 {
  if (outcome === 'rolled-back') return 1;
  if (outcome === 'undecided') return 3;
  return 0;
}

/**
 * Looks at the figures every `everyMs` until a decision, or until `forMs` have passed: a bounded
 * loop that always stops by itself.
 */
export async function watchRelease(options: WatchOptions, deps: WatchDeps): Promise<WatchOutcome> {
  const now = deps.now ?? Date.now;
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const deadline = now() + options.forMs;
  let last = 'no look yet';
  for (;;) {
    const watched = watchedVersions(deps.readRelease());
    if (!watched) {
      deps.log(
        `${options.env}: ${options.remote} has no new version to watch (its current version is its last good one).`,
      );
      return { outcome: 'nothing-to-watch' };
    }
    const since: Record<string, number> = {};
    if (watched.candidateSince !== undefined) since[watched.candidate] = watched.candidateSince;
    if (watched.baseline && watched.baselineSince !== undefined)
      since[watched.baseline] = watched.baselineSince;
    const health = deps.readHealth(since);
    const find = (version: string | undefined) => health.find((row) => row.version === version);
    const candidate = find(watched.candidate);
    // A registry from before it recorded times: the first report about the version (reports are
    // taken only for versions the registry names, so none predates it there).
    const enteredAt = watched.candidateSince ?? candidate?.firstSeen ?? now();
    const decision = decideRelease(
      candidate,
      find(watched.baseline),
      Math.max(0, now() - enteredAt),
      options.thresholds,
    );
    last = decision.reason;
    if (decision.action === 'roll-back') {
      const moved = deps.rollBack(watched.candidate, decision.reason);
      if (moved) {
        deps.log(
          `${options.env}: ${options.remote} rolled back from ${moved.from} to ${moved.to}: ${decision.reason}.`,
        );
        return { outcome: 'rolled-back', ...moved, reason: decision.reason };
      }
      deps.log(
        `${options.env}: ${options.remote} ${watched.candidate} should be rolled back (${decision.reason}), but there is no last good version to go to.`,
      );
      return { outcome: 'undecided', reason: decision.reason };
    }
    if (decision.action === 'mark-good') {
      deps.markGood(watched.candidate);
      deps.log(`${options.env}: ${options.remote} ${watched.candidate} is marked good: ${decision.reason}.`);
      return { outcome: 'marked-good', version: watched.candidate, reason: decision.reason };
    }
    deps.log(`${options.env}: ${options.remote} watching: ${decision.reason}.`);
    const left = deadline - now();
    if (left <= 0) {
      deps.log(`${options.env}: ${options.remote} no decision within the watch: ${last}.`);
      return { outcome: 'undecided', reason: last };
    }
    await sleep(Math.min(options.everyMs, left));
  }
}
