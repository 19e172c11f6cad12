/**
 * The release-health watcher's rules (`npm run release:health -- watch`, scripts/deploy/releases.ts):
 * during a staged rollout, or after a deploy, it compares the new version's failing reporters with
 * the version it replaces and either rolls it back to the last good one or marks it good. The rules,
 * their defaults and which of them a site tunes: docs/decisions/033-release-health.md.
 */
import { audienceOf } from '@promo/domain/environments/release-placement';
import { sinceOf, type RemoteRelease } from '@promo/domain/environments/release-rules';
import type { VersionHealth } from './release-health';

export interface WatchThresholds {
  /** Distinct reporters who must fail on a version before it can be rolled back. */
  rollbackReporters: number;
  /** Rolled back when its failure rate exceeds the other version's by more than this. 0..1 */
  maxExtraFailureRate: number;
  /** Distinct signed-in reporters a version must serve before it is marked good. */
  goodReporters: number;
  /** …of whom a share of failing reporters at or above this holds it back. 0..1 */
  goodMaxFailureRate: number;
  /** …and no sooner than this after it was deployed or staged. ms */
  minAgeMs: number;
}

export const DEFAULT_THRESHOLDS: WatchThresholds = {
  rollbackReporters: 5,
  maxExtraFailureRate: 0.05,
  goodReporters: 20,
  goodMaxFailureRate: 0.05,
  minAgeMs: 15 * 60_000,
};

/**
 * Failures hold a version back from good only when more than one reporter failed on it: one
 * person's failure (or one account's fake crash) never keeps a version undecided.
 */
const HOLDING_REPORTERS = 2;

export type WatchDecision =
  | { action: 'roll-back'; reason: string }
  | { action: 'mark-good'; reason: string }
  | { action: 'wait'; reason: string };

const percent = (rate: number) => `${(rate * 100).toFixed(1)} %`;
const minutes = (ms: number) => `${Math.floor(ms / 60_000)} min`;

/** The reporters a decision about `remote` counts, and of them those who failed. */
interface Counted {
  reporters: number;
  failing: number;
  rate: number;
}

/**
 * On the customer and salesrep remotes, only signed-in reporters (the API keeps only those of the
 * remote's audience): nobody opens those pages without an account, so an anonymous failure there
 * is nobody's. On the public remote, anonymous reporters too, each a distinct address: a broken
 * sign-in page is seen by people who are not signed in yet.
 */
function countedOf(health: VersionHealth, remote: string): Counted {
  const signedOnly = audienceOf(remote) !== undefined;
  const reporters = signedOnly ? health.signedReporters : health.reporters;
  const failing = signedOnly ? health.signedFailingReporters : health.failingReporters;
  return { reporters, failing, rate: reporters === 0 ? 0 : Math.min(1, failing / reporters) };
}

/**
 * The other version's failure rate as a rollback compares with it: 0 unless as many distinct
 * reporters failed on it as a rollback needs. Below that its failures are noise, or a flood from a
 * few clients meant to shield the new version.
 */
function baselineRate(baseline: Counted | undefined, thresholds: WatchThresholds): number {
  if (!baseline || baseline.failing < thresholds.rollbackReporters) return 0;
  return baseline.rate;
}

/** What the decision knows besides the figures. */
export interface DecisionContext {
  remote: string;
  /** How long the candidate has been in the registry. ms */
  ageMs: number;
  /** The candidate's rollout percent while it is staged; undefined once it serves everyone. */
  stagedPercent?: number;
}

function rollbackReason(
  candidate: VersionHealth,
  counted: Counted,
  baseline: VersionHealth | undefined,
  against: number,
  thresholds: WatchThresholds,
): string {
  const engines = candidate.failingEngines.map(({ engine, failures }) => `${engine} ${failures}`);
  const who = audienceOf(candidate.remote) ? 'signed-in reporters' : 'reporters';
  return (
    `${candidate.version} failed for ${counted.failing} of ${counted.reporters} ${who} (${percent(counted.rate)}; ` +
    `${candidate.loadFailures} with load failures, ${candidate.crashes} with crashes, ${candidate.fallbacks} fallen back` +
    `${engines.length > 0 ? `; ${engines.join(', ')}` : ''}), ` +
    `against ${percent(against)} for ${baseline?.version ?? 'the last good version'}: ` +
    `more than ${percent(thresholds.maxExtraFailureRate)} worse`
  );
}

/**
 * What to do about `candidate` given the figures of the version it is measured against
 * (`baseline`, undefined when that version has no reports). Nobody reached, nothing decided: a
 * version staged at 0 % is never marked good.
 */
export function decideRelease(
  candidate: VersionHealth | undefined,
  baseline: VersionHealth | undefined,
  context: DecisionContext,
  thresholds: WatchThresholds = DEFAULT_THRESHOLDS,
): WatchDecision {
  const counted = candidate && countedOf(candidate, context.remote);
  if (!candidate || !counted || counted.reporters === 0) {
    return { action: 'wait', reason: 'nobody it was served to has reported on it yet' };
  }
  const against = baselineRate(baseline && countedOf(baseline, context.remote), thresholds);
  const worse = counted.rate - against > thresholds.maxExtraFailureRate;
  if (worse && counted.failing >= thresholds.rollbackReporters) {
    return { action: 'roll-back', reason: rollbackReason(candidate, counted, baseline, against, thresholds) };
  }
  const holds =
    counted.failing >= HOLDING_REPORTERS && (worse || counted.rate >= thresholds.goodMaxFailureRate);
  const { ageMs, stagedPercent } = context;
  const missing = [
    stagedPercent !== undefined && stagedPercent <= 0 && 'it is staged at 0 %: nobody is served it',
    candidate.signedReporters < thresholds.goodReporters &&
      `${candidate.signedReporters} of the ${thresholds.goodReporters} signed-in reporters needed`,
    ageMs < thresholds.minAgeMs &&
      `${minutes(ageMs)} of the ${minutes(thresholds.minAgeMs)} in service needed`,
    holds &&
      `${counted.failing} reporters failed on it (${percent(counted.rate)}; good below ${percent(thresholds.goodMaxFailureRate)}` +
        `${worse ? `, and not more than ${percent(thresholds.maxExtraFailureRate)} worse than ${baseline?.version ?? 'the last good version'}` : ''}` +
        `; ${thresholds.rollbackReporters} failing reporters roll it back)`,
  ].filter((reason): reason is string => typeof reason === 'string');
  if (missing.length === 0) {
    return {
      action: 'mark-good',
      reason:
        `${candidate.version} served ${candidate.signedReporters} signed-in reporters for ${minutes(ageMs)}, ` +
        `${percent(counted.rate)} of ${counted.reporters} failed on it`,
    };
  }
  return {
    action: 'wait',
    reason: `${candidate.version}: ${percent(counted.rate)} of ${counted.reporters} reporters failed; ${missing.join('; ')}`,
  };
}

export interface WatchedVersions {
  candidate: string;
  baseline: string | undefined;
  /** When each entered the registry, as recorded (epoch ms). */
  candidateSince: number | undefined;
  baselineSince: number | undefined;
  /** The candidate's rollout percent while it is staged. */
  stagedPercent?: number;
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
      stagedPercent: release.staged.percent,
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
      { remote: options.remote, ageMs: Math.max(0, now() - enteredAt), stagedPercent: watched.stagedPercent },
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
