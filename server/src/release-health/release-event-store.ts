import type { ReleaseReport, ReportedEvent } from '@promo/domain/release-health/release-report.schema';
import type { Db } from '../db/open-database';
import type { Reporter } from './reporters';

/** A browser engine and its major version, as reports are grouped by (never the whole User-Agent). */
export interface Engine {
  /** 'Chromium', 'WebKit', 'Gecko' or 'Other' */
  name: string;
  /** The major version ('131'), '' when the agent does not say. */
  version: string;
}

/**
 * The engine a User-Agent header names. Chromium's browsers also say "Safari" and "like Gecko", and
 * every browser on iOS is WebKit whatever it calls itself, so the checks run in this order.
 */
export function engineOf(userAgent: string | undefined): Engine {
  const agent = userAgent ?? '';
  const first = (pattern: RegExp) => pattern.exec(agent)?.[1];
  if (/\b(iPhone|iPad|iPod)\b/.test(agent))
    return { name: 'WebKit', version: first(/Version\/(\d+)/) ?? first(/ OS (\d+)_/) ?? '' };
  const gecko = first(/Firefox\/(\d+)/);
  if (gecko) return { name: 'Gecko', version: gecko };
  const chromium = first(/Chrom(?:e|ium)\/(\d+)/);
  if (chromium) return { name: 'Chromium', version: chromium };
  if (/AppleWebKit\//.test(agent))
    return { name: 'WebKit', version: first(/Version\/(\d+)/) ?? first(/AppleWebKit\/(\d+)/) ?? '' };
  return { name: 'Other', version: '' };
}

export interface Retention {
  /** Rows older than this are deleted. ms */
  maxAgeMs: number;
  /** Beyond this many rows the oldest are deleted. */
  maxRows: number;
}

/**
 * A month of reports covers a release's life and its comparison with the one before; 200,000 rows
 * (about 40 MB at the largest event) bound the file whatever arrives (docs/decisions/033-release-health.md).
 */
const DEFAULT_RETENTION: Retention = { maxAgeMs: 30 * 24 * 60 * 60 * 1000, maxRows: 200_000 };

interface Row {
  remote: string;
  version: string;
  kind: ReportedEvent['type'];
  route: string;
  metric: string | null;
  value: number | null;
  detail: string | null;
}

function toRow(event: ReportedEvent): Row {
  const base = { route: '', metric: null, value: null, detail: null };
  switch (event.type) {
    case 'page-view':
      return { ...base, remote: event.remote, version: event.version, kind: event.type, route: event.route };
    case 'load-failure':
      return {
        ...base,
        remote: event.remote,
        version: event.version,
        kind: event.type,
        detail: JSON.stringify({ stage: event.stage, message: event.message }),
      };
    case 'fallback':
      // Counted against the version that failed; the detail names the one served instead.
      return {
        ...base,
        remote: event.remote,
        version: event.from,
        kind: event.type,
        detail: JSON.stringify({ to: event.to }),
      };
    case 'crash':
      return {
        ...base,
        remote: event.remote,
        version: event.version,
        kind: event.type,
        route: event.route,
        detail: JSON.stringify({ name: event.name, message: event.message, stack: event.stack }),
      };
    case 'vital':
      return {
        ...base,
        remote: event.remote,
        version: event.version,
        kind: event.type,
        route: event.route,
        metric: event.name,
        value: event.value,
      };
  }
}

/**
 * The shell's release reports, one row per event with the reporter the API derived, pruned as they
 * are written: the oldest anonymous rows go first, so a flood of them cannot push signed-in
 * reports out of the table.
 */
export class ReleaseEventStore {
  readonly #db: Db;
  readonly #retention: Retention;

  constructor(db: Db, retention: Retention = DEFAULT_RETENTION) {
    this.#db = db;
    this.#retention = retention;
  }

  /** Stores a validated report's events from `reporter` as received at `now` (epoch ms) from `engine`. */
  record(report: ReleaseReport, reporter: Reporter, engine: Engine, now: number): void {
    if (report.events.length === 0) return;
    const insert = this.#db.prepare(
      `INSERT INTO release_events (received_at, env, remote, version, kind, route, engine, engine_version, metric, value, detail, reporter, signed)
       VALUES (@receivedAt, @env, @remote, @version, @kind, @route, @engine, @engineVersion, @metric, @value, @detail, @reporter, @signed)`,
    );
    this.#db.transaction(() => {
      for (const event of report.events) {
        insert.run({
          ...toRow(event),
          receivedAt: now,
          env: report.env,
          engine: engine.name,
          engineVersion: engine.version,
          reporter: reporter.id,
          signed: reporter.signed ? 1 : 0,
        });
      }
      this.prune(now);
    })();
  }

  /** Deletes rows past the retention: too old, or beyond the row cap (anonymous, then oldest, first). */
  prune(now: number): void {
    this.#db.prepare('DELETE FROM release_events WHERE received_at < ?').run(now - this.#retention.maxAgeMs);
    const excess = this.count() - this.#retention.maxRows;
    if (excess <= 0) return;
    const anonymous = this.#db
      .prepare(
        'DELETE FROM release_events WHERE id IN (SELECT id FROM release_events WHERE signed = 0 ORDER BY id LIMIT ?)',
      )
      .run(excess).changes;
    if (anonymous < excess) {
      this.#db
        .prepare('DELETE FROM release_events WHERE id IN (SELECT id FROM release_events ORDER BY id LIMIT ?)')
        .run(excess - anonymous);
    }
  }

  count(): number {
    return (this.#db.prepare('SELECT count(*) AS n FROM release_events').get() as { n: number }).n;
  }

  /** False for a database from before reporters were recorded (the server migrates it on start). */
  recordsReporters(): boolean {
    return (
      this.#db.prepare("SELECT 1 FROM pragma_table_info('release_events') WHERE name = 'reporter'").get() !==
      undefined
    );
  }

  /** Each version's distinct reporters, failures and page views, by environment, remote, then most recent. */
  versionCounts(filter: EventFilter): VersionCounts[] {
    const { counted, params } = countedEvents(filter);
    return this.#db
      .prepare(
        `${counted}
         SELECT env, remote, version,
           count(DISTINCT CASE WHEN ${TRIED} THEN reporter END) AS reporters,
           count(DISTINCT CASE WHEN ${TRIED} AND signed = 1 THEN reporter END) AS signed_reporters,
           count(DISTINCT CASE WHEN ${FAILED} THEN reporter END) AS failing_reporters,
           count(DISTINCT CASE WHEN ${FAILED} AND signed = 1 THEN reporter END) AS signed_failing_reporters,
           count(DISTINCT CASE WHEN kind = 'page-view' THEN reporter || '/' || (received_at / ${HOUR_MS}) END) AS page_views,
           count(DISTINCT CASE WHEN kind = 'load-failure' THEN reporter END) AS load_failures,
           count(DISTINCT CASE WHEN kind = 'crash' THEN reporter END) AS crashes,
           count(DISTINCT CASE WHEN kind = 'fallback' THEN reporter END) AS fallbacks,
           min(received_at) AS first_seen, max(received_at) AS last_seen
         FROM counted
         GROUP BY env, remote, version
         ORDER BY env, remote, last_seen DESC, version`,
      )
      .all(params) as VersionCounts[];
  }

  /** Every Web Vitals value counted. */
  vitals(filter: EventFilter): VersionRow<{ metric: string; value: number }>[] {
    const { counted, params } = countedEvents(filter);
    return this.#db
      .prepare(`${counted} SELECT env, remote, version, metric, value FROM counted WHERE kind = 'vital'`)
      .all(params) as VersionRow<{ metric: string; value: number }>[];
  }

  /** Each version's failing engines and their distinct failing reporters, the most first. */
  failingEngines(
    filter: EventFilter,
  ): VersionRow<{ engine: string; engine_version: string; failures: number }>[] {
    const { counted, params } = countedEvents(filter);
    return this.#db
      .prepare(
        `${counted}
         SELECT env, remote, version, engine, engine_version, count(DISTINCT reporter) AS failures FROM counted
         WHERE ${FAILED}
         GROUP BY env, remote, version, engine, engine_version
         ORDER BY failures DESC, engine, engine_version`,
      )
      .all(params) as VersionRow<{ engine: string; engine_version: string; failures: number }>[];
  }
}

/** Which reports count towards a version's health. */
export interface EventFilter {
  /** One environment; all of them when absent. */
  env?: string;
  remote?: string;
  /**
   * When each version entered its registry (epoch ms, keyed by sinceKey): reports received before
   * are about another life of that version string, or made up before it existed, and count for nothing.
   */
  since?: Readonly<Record<string, number>>;
}

type VersionRow<T> = { env: string; remote: string; version: string } & T;

type VersionCounts = VersionRow<{
  reporters: number;
  signed_reporters: number;
  failing_reporters: number;
  signed_failing_reporters: number;
  page_views: number;
  load_failures: number;
  crashes: number;
  fallbacks: number;
  first_seen: number;
  last_seen: number;
}>;

const HOUR_MS = 3_600_000;
const TRIED = `kind IN ('page-view', 'load-failure', 'crash')`;
const FAILED = `kind IN ('load-failure', 'crash')`;

/** The events that count, as a WITH clause, and its parameters. */
function countedEvents(filter: EventFilter) {
  // Rows from before reporters were recorded have none and count for nothing.
  const counted = `WITH counted AS (
      SELECT * FROM release_events
      WHERE reporter <> '' AND (@env IS NULL OR env = @env) AND (@remote IS NULL OR remote = @remote)
        AND received_at >= coalesce(
          (SELECT value FROM json_each(@since) WHERE key = env || '/' || remote || '/' || version), 0)
    )`;
  const params = {
    env: filter.env ?? null,
    remote: filter.remote ?? null,
    since: JSON.stringify(filter.since ?? {}),
  };
  return { counted, params };
}
