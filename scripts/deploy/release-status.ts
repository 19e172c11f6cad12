/**
 * The table `npm run release:health -- status` prints: one row per remote version, newest first within
 * each remote, from the figures of server/src/release-health/release-health.ts. Every figure is
 * of distinct reporters (page views: a reporter's once an hour).
 */
import type { RemoteRelease } from '@promo/domain/environments/release-rules';
import type { VersionHealth } from '@promo/server/release-health';

export type { VersionHealth };

/** What the registry says of a version: current, staged at a percent, last good, rolled back. */
export function releaseRole(release: RemoteRelease | undefined, version: string): string {
  if (!release) return '';
  const roles: string[] = [];
  if (release.version === version) roles.push('current');
  if (release.staged?.version === version) roles.push(`staged ${release.staged.percent} %`);
  if (release.lastGood?.version === version) roles.push('last good');
  if (release.lastRollback?.from === version) roles.push('rolled back');
  return roles.join(', ');
}

const DASH = '–';
const ms = (value: number | undefined) => (value === undefined ? DASH : `${Math.round(value)} ms`);
const NUMERIC_COLUMNS = new Set([4, 5, 6, 7, 8, 9, 10]);

/** The rows as text cells, the header first. */
export function statusCells(
  rows: readonly VersionHealth[],
  releaseOf: (env: string, remote: string) => RemoteRelease | undefined,
): string[][] {
  const header = [
    'env',
    'remote',
    'version',
    'release',
    'reporters',
    'signed in',
    'failed',
    'fallbacks',
    'page views',
    'p75 LCP',
    'p75 INP',
    'failing engines',
  ];
  return [
    header,
    ...rows.map((row) => [
      row.env,
      row.remote,
      row.version,
      releaseRole(releaseOf(row.env, row.remote), row.version) || DASH,
      String(row.reporters),
      String(row.signedReporters),
      row.failureRate === undefined
        ? DASH
        : `${row.failingReporters} (${(row.failureRate * 100).toFixed(1)} %)`,
      String(row.fallbacks),
      String(row.pageViews),
      ms(row.lcpP75),
      ms(row.inpP75),
      row.failingEngines.map(({ engine, failures }) => `${engine} (${failures})`).join(', ') || DASH,
    ]),
  ];
}

/** Cells in aligned columns: figures to the right, text to the left. */
export function formatTable(cells: readonly string[][]): string {
  const widths = (cells[0] ?? []).map((_, column) =>
    Math.max(...cells.map((row) => (row[column] ?? '').length)),
  );
  return cells
    .map((row) =>
      row
        .map((cell, column) =>
          NUMERIC_COLUMNS.has(column) ? cell.padStart(widths[column] ?? 0) : cell.padEnd(widths[column] ?? 0),
        )
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}
