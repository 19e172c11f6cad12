import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import { p75 } from '@promo/domain/web-vitals/p75';
import type { Db } from '../db/open-database';
import { ReleaseEventStore, type EventFilter } from './release-event-store';

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

export type HealthFilter = EventFilter;

export const sinceKey = (env: string, remote: string, version: string) => `${env}/${remote}/${version}`;

const key = (row: { env: string; remote: string; version: string }) =>
  `${row.env}\u0000${row.remote}\u0000${row.version}`;

/** Each version's Web Vitals values, by metric. */
function vitalsByVersion(
  store: ReleaseEventStore,
  filter: HealthFilter,
): Map<string, Record<string, number[]>> {
  const vitals = new Map<string, Record<string, number[]>>();
  for (const row of store.vitals(filter)) {
    const byMetric = vitals.get(key(row)) ?? {};
    (byMetric[row.metric] ??= []).push(row.value);
    vitals.set(key(row), byMetric);
  }
  return vitals;
}

/** Each version's failing browser engines, the most distinct failing reporters first. */
function failingEnginesByVersion(
  store: ReleaseEventStore,
  filter: HealthFilter,
): Map<string, { engine: string; failures: number }[]> {
  const engines = new Map<string, { engine: string; failures: number }[]>();
  for (const row of store.failingEngines(filter)) {
    const list = engines.get(key(row)) ?? [];
    list.push({ engine: `${row.engine} ${row.engine_version}`.trim(), failures: row.failures });
    engines.set(key(row), list);
  }
  return engines;
}

/** Every version with reports, by environment, remote, then most recent first. */
export function summarizeReleaseHealth(db: Db, filter: HealthFilter = {}): VersionHealth[] {
  const store = new ReleaseEventStore(db);
  const counts = store.versionCounts(filter);
  const vitals = vitalsByVersion(store, filter);
  const engines = failingEnginesByVersion(store, filter);
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
    return new ReleaseEventStore(db).recordsReporters() ? summarizeReleaseHealth(db, filter) : [];
  } finally {
    db.close();
  }
}
