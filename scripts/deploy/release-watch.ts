/**
 * The release-health watcher (`npm run releases -- watch`): during a staged rollout, or after a
 * deploy, it compares the new version's failure rate with its last good version's and either rolls
 * it back to the last good one or marks it good. The rule and its thresholds:
 * docs/decisions/033-release-health.md.
 */
import type { RemoteRelease } from '@promo/domain/environments/release-rules';

/** What the watcher reads of a version's health (server/src/release-health/release-health.ts). */
export interface VersionCounts {
  version: string;
  pageViews: number;
  loadFailures: number;
  crashes: number;
  fallbacks: number;
  /** 0..1; undefined before any attempt */
  failureRate: number | undefined;
  failingEngines: { engine: string; failures: number }[];
}

export interface WatchThresholds {
  /** Attempts (page views + load failures) the new version needs before any decision. */
  minAttempts: number;
  /** Rolled back when its failure rate exceeds the last good version's by more than this. 0..1 */
  maxExtraFailureRate: number;
  /** Marked good after this many page views… */
  goodPageViews: number;
  /** …with at most this failure rate (0: without a failure, docs/decisions/032-release-safety.md). 0..1 */
  goodMaxFailureRate: number;
}

export const DEFAULT_THRESHOLDS: WatchThresholds = {
  minAttempts: 20,
  maxExtraFailureRate: 0.05,
  goodPageViews: 50,
  goodMaxFailureRate: 0,
};

export type WatchDecision =
  | { action: 'roll-back'; reason: string }
  | { action: 'mark-good'; reason: string }
  | { action: 'wait'; reason: string };

const percent = (rate: number) => `${(rate * 100).toFixed(1)} %`;
const attemptsOf = (counts: VersionCounts | undefined) =>
  counts ? counts.pageViews + counts.loadFailures : 0;

/**
 * What to do about `candidate` given its last good version's figures (`baseline`, undefined when
 * that version has no reports: then it counts as never failing).
 */
export function decideRelease(
  candidate: VersionCounts | undefined,
  baseline: VersionCounts | undefined,
  thresholds: WatchThresholds = DEFAULT_THRESHOLDS,
): WatchDecision {
  const attempts = attemptsOf(candidate);
  if (!candidate || attempts < thresholds.minAttempts) {
    return {
      action: 'wait',
      reason: `${attempts} of the ${thresholds.minAttempts} attempts needed before deciding`,
    };
  }
  const rate = candidate.failureRate ?? 0;
  const baselineRate = baseline?.failureRate ?? 0;
  if (rate - baselineRate > thresholds.maxExtraFailureRate) {
    const engines = candidate.failingEngines.map(({ engine, failures }) => `${engine} ${failures}`);
    return {
      action: 'roll-back',
      reason:
        `${candidate.version} failed ${percent(rate)} of ${attempts} attempts ` +
        `(${candidate.loadFailures} load failures, ${candidate.crashes} crashes, ${candidate.fallbacks} fallbacks` +
        `${engines.length > 0 ? `; ${engines.join(', ')}` : ''}), ` +
        `against ${percent(baselineRate)} for ${baseline?.version ?? 'the last good version'}: ` +
        `more than ${percent(thresholds.maxExtraFailureRate)} worse`,
    };
  }
  if (candidate.pageViews >= thresholds.goodPageViews && rate <= thresholds.goodMaxFailureRate) {
    return {
      action: 'mark-good',
      reason: `${candidate.version} served ${candidate.pageViews} page views, ${percent(rate)} failed`,
    };
  }
  return {
    action: 'wait',
    reason: `${candidate.version}: ${percent(rate)} failed of ${attempts} attempts, ${candidate.pageViews} of ${thresholds.goodPageViews} page views to be good`,
  };
}

/**
 * The version being released and the one it is measured against: the staged version while one is
 * rolling out (against the current one), else the current version when it is not yet known good
 * (against the last good one); undefined when there is nothing to watch.
 */
export function watchedVersions(
  release: RemoteRelease | undefined,
): { candidate: string; baseline: string | undefined } | undefined {
  if (!release) return undefined;
  // A staged version is measured against the current one, which serves everyone else meanwhile.
  if (release.staged) return { candidate: release.staged.version, baseline: release.version };
  if (release.lastGood?.version === release.version) return undefined;
  return { candidate: release.version, baseline: release.lastGood?.version };
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
  readHealth: () => VersionCounts[];
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
    const health = deps.readHealth();
    const find = (version: string | undefined) => health.find((row) => row.version === version);
    const decision = decideRelease(find(watched.candidate), find(watched.baseline), options.thresholds);
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
