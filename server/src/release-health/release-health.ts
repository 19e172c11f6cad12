import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import { p75 } from '@promo/domain/web-vitals/p75';
import type { Db } from '../db/open-database';

/**
 * How each remote version is doing, from the stored reports (`npm run release:health -- status`, and the
 * watcher that rolls a version back or marks it good: docs/decisions/033-release-health.md). Every
 * count is of distinct reporters (src/release-health/reporters.ts), not of events: a person counts
 * once for trying a version, once for failing on it, and once an hour for page views.
 */
export interface VersionHealth {
  env: string;
  /** A remote's name, or 'shell' for crashes outside any remote. */
  remote: string;
  version: string;
  /** Reporters who tried the version: a page view, a load failure or a crash. */
  reporters: number;
  /** Of them, signed in. */
  signedReporters: number;
  /** Reporters who failed on it: a load failure or a crash. */
  failingReporters: number;
  /** Of them, signed in. */
  signedFailingReporters: number;
  /** A reporter's page views count once per hour. */
  pageViews: number;
  /** Reporters with a load failure. */
  loadFailures: number;
  /** Reporters with a crash. */
  crashes: number;
  /** Reporters served another version because this one failed. */
  fallbacks: number;
  /** Failing reporters over reporters who tried (failureRate); undefined before anyone tried. 0..1 */
  failureRate: number | undefined;
  /** The same among signed-in reporters. 0..1 */
  signedFailureRate: number | undefined;
  /** ms */
  lcpP75: number | undefined;
  /** ms */
  inpP75: number | undefined;
  clsP75: number | undefined;
  /** Where it failed: 'Chromium 131' and the failing reporters there, most first. */
  failingEngines: { engine: string; failures: number }[];
  /** epoch ms of the first and last report about this version. */
  firstSeen: number;
  lastSeen: number;
}

/** The share of reporters who tried a version and failed on it; undefined when nobody tried. */
export function failureRate(counts: { reporters: number; failingReporters: number }): number | undefined {
  if (counts.reporters === 0) return undefined;
  return Math.min(1, counts.failingReporters / counts.reporters);
}

export interface HealthFilter {
  /** One environment; all of them when absent. */
  env?: string;
  remote?: string;
  /**
   * When each version entered its registry (epoch ms, keyed by sinceKey): reports received before
   * are about another life of that version string, or made up before it existed, and count for nothing.
   */
  since?: Readonly<Record<string, number>>;
}

export const sinceKey = (env: string, remote: string, version: string) => `${env}/${remote}/${version}`;

interface CountRow {
  env: string;
  remote: string;
  version: string;
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
}

const key = (row: { env: string; remote: string; version: string }) =>
  `${row.env}\u0000${row.remote}\u0000${row.version}`;

const HOUR_MS = 3_600_000;

interface CountedParams {
  env: string | null;
  remote: string | null;
  since: string;
}

/** Each version's Web Vitals values, by metric. */
function vitalsByVersion(
  db: Db,
  counted: string,
  params: CountedParams,
): Map<string, Record<string, number[]>> {
  const vitals = new Map<string, Record<string, number[]>>();
  const rows = db
    .prepare(`${counted} SELECT env, remote, version, metric, value FROM counted WHERE kind = 'vital'`)
    .all(params) as { env: string; remote: string; version: string; metric: string; value: number }[];
  for (const row of rows) {
    const byMetric = vitals.get(key(row)) ?? {};
    (byMetric[row.metric] ??= []).push(row.value);
    vitals.set(key(row), byMetric);
  }
  return vitals;
}

/** Each version's failing browser engines, the most distinct failing reporters first. */
function failingEnginesByVersion(
  db: Db,
  counted: string,
  failed: string,
  params: CountedParams,
): Map<string, { engine: string; failures: number }[]> {
  const engines = new Map<string, { engine: string; failures: number }[]>();
  const rows = db
    .prepare(
      `${counted}
       SELECT env, remote, version, engine, engine_version, count(DISTINCT reporter) AS failures FROM counted
       WHERE ${failed}
       GROUP BY env, remote, version, engine, engine_version
       ORDER BY failures DESC, engine, engine_version`,
    )
    .all(params) as {
    env: string;
    remote: string;
    version: string;
    engine: string;
    engine_version: string;
    failures: number;
  }[];
  for (const row of rows) {
    const list = engines.get(key(row)) ?? [];
    list.push({ engine: `${row.engine} ${row.engine_version}`.trim(), failures: row.failures });
    engines.set(key(row), list);
  }
  return engines;
}

/** Every version with reports, by environment, remote, then most recent first. */
export function summarizeReleaseHealth(db: Db, filter: HealthFilter = {}): VersionHealth[] {
  // Rows from before reporters were recorded have none and count for nothing.
  const counted = `WITH counted AS (
      SELECT * FROM release_events
      WHERE reporter <> '' AND (@env IS NULL OR env = @env) AND (@remote IS NULL OR remote = @remote)
        AND received_at >= coalesce(
          (SELECT value FROM json_each(@since) WHERE key = env || '/' || remote || '/' || version), 0)
    )`;
  const params: CountedParams = {
    env: filter.env ?? null,
    remote: filter.remote ?? null,
    since: JSON.stringify(filter.since ?? {}),
  };
  const tried = `kind IN ('page-view', 'load-failure', 'crash')`;
  const failed = `kind IN ('load-failure', 'crash')`;
  const counts = db
    .prepare(
      `${counted}
       SELECT env, remote, version,
         count(DISTINCT CASE WHEN ${tried} THEN reporter END) AS reporters,
         count(DISTINCT CASE WHEN ${tried} AND signed = 1 THEN reporter END) AS signed_reporters,
         count(DISTINCT CASE WHEN ${failed} THEN reporter END) AS failing_reporters,
         count(DISTINCT CASE WHEN ${failed} AND signed = 1 THEN reporter END) AS signed_failing_reporters,
         count(DISTINCT CASE WHEN kind = 'page-view' THEN reporter || '/' || (received_at / ${HOUR_MS}) END) AS page_views,
         count(DISTINCT CASE WHEN kind = 'load-failure' THEN reporter END) AS load_failures,
         count(DISTINCT CASE WHEN kind = 'crash' THEN reporter END) AS crashes,
         count(DISTINCT CASE WHEN kind = 'fallback' THEN reporter END) AS fallbacks,
         min(received_at) AS first_seen, max(received_at) AS last_seen
       FROM counted
       GROUP BY env, remote, version
       ORDER BY env, remote, last_seen DESC, version`,
    )
    .all(params) as CountRow[];
  const vitals = vitalsByVersion(db, counted, params);
  const engines = failingEnginesByVersion(db, counted, failed, params);
  return counts.map((row) => {
    const metrics = vitals.get(key(row)) ?? {};
    return {
      env: row.env,
      remote: row.remote,
      version: row.version,
      reporters: row.reporters,
      signedReporters: row.signed_reporters,
      failingReporters: row.failing_reporters,
      signedFailingReporters: row.signed_failing_reporters,
      pageViews: row.page_views,
      loadFailures: row.load_failures,
      crashes: row.crashes,
      fallbacks: row.fallbacks,
      failureRate: failureRate({ reporters: row.reporters, failingReporters: row.failing_reporters }),
      signedFailureRate: failureRate({
        reporters: row.signed_reporters,
        failingReporters: row.signed_failing_reporters,
      }),
      lcpP75: p75(metrics.LCP ?? []),
      inpP75: p75(metrics.INP ?? []),
      clsP75: p75(metrics.CLS ?? []),
      failingEngines: engines.get(key(row)) ?? [],
      firstSeen: row.first_seen,
      lastSeen: row.last_seen,
    };
  });
}

/**
 * The health of each version from a server's database file, opened read-only beside the running
 * server (WAL lets it read while the server writes). A database from before reporters were
 * recorded (the server migrates it on its next start) has nothing that counts.
 */
export function readReleaseHealth(file: string, filter: HealthFilter = {}): VersionHealth[] {
  if (!existsSync(file)) throw new Error(`No database at ${file}: start the API once, or set DB_FILE.`);
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const counted = db
      .prepare("SELECT 1 FROM pragma_table_info('release_events') WHERE name = 'reporter'")
      .get();
    return counted ? summarizeReleaseHealth(db, filter) : [];
  } finally {
    db.close();
  }
}
