import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import type { Db } from '../db/open-database';

/**
 * How each remote version is doing, from the stored reports (`npm run releases -- status`, and the
 * watcher that rolls a version back: docs/decisions/033-release-health.md).
 */
export interface VersionHealth {
  env: string;
  /** A remote's name, or 'shell' for crashes outside any remote. */
  remote: string;
  version: string;
  pageViews: number;
  loadFailures: number;
  crashes: number;
  /** Page views that were served another version because this one failed. */
  fallbacks: number;
  /** Failed attempts over attempts (failureRate); undefined before any attempt. 0..1 */
  failureRate: number | undefined;
  /** ms */
  lcpP75: number | undefined;
  /** ms */
  inpP75: number | undefined;
  clsP75: number | undefined;
  /** Where it failed: 'Chromium 131' and the failures there, most first. */
  failingEngines: { engine: string; failures: number }[];
  /** epoch ms of the first and last report about this version. */
  firstSeen: number;
  lastSeen: number;
}

/**
 * The share of attempts to show this version that failed. A load failure never became a page view
 * (the shell fell back or showed its error), so attempts are page views plus load failures; a
 * crash happens within a page view. Capped at 1: one page view can fail more than once.
 */
export function failureRate(counts: {
  pageViews: number;
  loadFailures: number;
  crashes: number;
}): number | undefined {
  const attempts = counts.pageViews + counts.loadFailures;
  if (attempts === 0) return undefined;
  return Math.min(1, (counts.loadFailures + counts.crashes) / attempts);
}

/** Attempts to show a version: what the watcher's minimum is counted in. */
export const attemptsOf = (counts: { pageViews: number; loadFailures: number }) =>
  counts.pageViews + counts.loadFailures;

/**
 * The 75th percentile as Core Web Vitals report it (nearest rank: the value at or below which 75 %
 * of the samples lie); undefined without samples.
 */
export function p75(values: readonly number[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil(sorted.length * 0.75) - 1];
}

export interface HealthFilter {
  /** One environment; all of them when absent. */
  env?: string;
  remote?: string;
}

interface CountRow {
  env: string;
  remote: string;
  version: string;
  page_views: number;
  load_failures: number;
  crashes: number;
  fallbacks: number;
  first_seen: number;
  last_seen: number;
}

const key = (row: { env: string; remote: string; version: string }) =>
  `${row.env}\u0000${row.remote}\u0000${row.version}`;

/** Every version with reports, by environment, remote, then most recent first. */
export function summarizeReleaseHealth(db: Db, filter: HealthFilter = {}): VersionHealth[] {
  const where = `(@env IS NULL OR env = @env) AND (@remote IS NULL OR remote = @remote)`;
  const params = { env: filter.env ?? null, remote: filter.remote ?? null };
  const counts = db
    .prepare(
      `SELECT env, remote, version,
         sum(kind = 'page-view') AS page_views, sum(kind = 'load-failure') AS load_failures,
         sum(kind = 'crash') AS crashes, sum(kind = 'fallback') AS fallbacks,
         min(received_at) AS first_seen, max(received_at) AS last_seen
       FROM release_events WHERE ${where}
       GROUP BY env, remote, version
       ORDER BY env, remote, last_seen DESC, version`,
    )
    .all(params) as CountRow[];
  const vitals = new Map<string, Record<string, number[]>>();
  const vitalRows = db
    .prepare(
      `SELECT env, remote, version, metric, value FROM release_events
       WHERE kind = 'vital' AND ${where}`,
    )
    .all(params) as { env: string; remote: string; version: string; metric: string; value: number }[];
  for (const row of vitalRows) {
    const byMetric = vitals.get(key(row)) ?? {};
    (byMetric[row.metric] ??= []).push(row.value);
    vitals.set(key(row), byMetric);
  }
  const engines = new Map<string, { engine: string; failures: number }[]>();
  const engineRows = db
    .prepare(
      `SELECT env, remote, version, engine, engine_version, count(*) AS failures FROM release_events
       WHERE kind IN ('load-failure', 'crash') AND ${where}
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
  for (const row of engineRows) {
    const list = engines.get(key(row)) ?? [];
    list.push({ engine: `${row.engine} ${row.engine_version}`.trim(), failures: row.failures });
    engines.set(key(row), list);
  }
  return counts.map((row) => {
    const tally = { pageViews: row.page_views, loadFailures: row.load_failures, crashes: row.crashes };
    const metrics = vitals.get(key(row)) ?? {};
    return {
      env: row.env,
      remote: row.remote,
      version: row.version,
      ...tally,
      fallbacks: row.fallbacks,
      failureRate: failureRate(tally),
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
 * server (WAL lets it read while the server writes). A database from before release reports has none.
 */
export function readReleaseHealth(file: string, filter: HealthFilter = {}): VersionHealth[] {
  if (!existsSync(file)) throw new Error(`No database at ${file}: start the API once, or set DB_FILE.`);
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const table = db
      .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'release_events'")
      .get();
    return table ? summarizeReleaseHealth(db, filter) : [];
  } finally {
    db.close();
  }
}
