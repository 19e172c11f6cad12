/**
 * How each remote version is doing, and the watcher that rolls a failing one back. See README
 * "Deploying a remote" and docs/decisions/033-release-health.md.
 *
 *   npm run releases -- status [--env ID] [--remote NAME] [--json]
 *   npm run releases -- watch <remote> [--env ID] [--for 30m] [--every 30s]
 *                         [--min-attempts 20] [--max-extra-failure 5] [--good-views 50]
 *
 * Both read the reference server's database (DB_FILE, default server/data/ezy.sqlite) beside the
 * running server, and the environment's registry under --target (default .deploy, or DEPLOY_DIR).
 * `watch` exits with 1 when it rolled the version back, 0 otherwise.
 */
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { RemoteName } from '@promo/domain/paths';
import { markGood, readRegistry, REMOTE_NAMES, rollbackToLastGood } from './deploy/remote-deploy';
import { formatTable, statusCells } from './deploy/release-status';
import { DEFAULT_THRESHOLDS, watchRelease } from './deploy/release-watch';

const repo = join(fileURLToPath(import.meta.url), '../..');
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    env: { type: 'string' },
    remote: { type: 'string' },
    json: { type: 'boolean', default: false },
    target: { type: 'string' },
    db: { type: 'string' },
    for: { type: 'string', default: '30m' },
    every: { type: 'string', default: '30s' },
    'min-attempts': { type: 'string' },
    'max-extra-failure': { type: 'string' },
    'good-views': { type: 'string' },
  },
});

/** `30s`, `5m`, `1h` in ms; undefined when it is not one. */
function duration(text: string): number | undefined {
  const match = /^(\d+)(ms|s|m|h)$/.exec(text.trim());
  if (!match) return undefined;
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[match[2] as 'ms' | 's' | 'm' | 'h'];
  return Number(match[1]) * unit;
}

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

const dbFile = resolve(values.db ?? process.env.DB_FILE ?? join(repo, 'server/data/ezy.sqlite'));
const target = resolve(values.target ?? process.env.DEPLOY_DIR ?? join(repo, '.deploy'));
// The server's own summary of the stored reports, through its package export.
const { readReleaseHealth } = await import('@promo/server/release-health');
const releaseOf = (env: string, remote: string) => readRegistry(target, env).remotes?.[remote as RemoteName];

const [command, remoteArgument] = positionals;
try {
  if (command === 'status') {
    const rows = readReleaseHealth(dbFile, {
      ...(values.env ? { env: values.env } : {}),
      ...(values.remote ? { remote: values.remote } : {}),
    });
    if (values.json) {
      console.log(
        JSON.stringify(
          rows.map((row) => ({ ...row, release: releaseOf(row.env, row.remote) ?? null })),
          null,
          2,
        ),
      );
    } else if (rows.length === 0) {
      console.log(`No release reports${values.env ? ` for ${values.env}` : ''} in ${dbFile}.`);
    } else {
      console.log(formatTable(statusCells(rows, releaseOf)));
    }
  } else if (command === 'watch') {
    const remote = remoteArgument as RemoteName | undefined;
    if (!remote || !REMOTE_NAMES.includes(remote))
      fail(`Name the remote to watch: one of ${REMOTE_NAMES.join(', ')}.`);
    const env = values.env ?? 'local';
    const forMs = duration(values.for) ?? fail(`--for takes a duration such as 30m, not "${values.for}".`);
    const everyMs =
      duration(values.every) ?? fail(`--every takes a duration such as 30s, not "${values.every}".`);
    const number = (text: string | undefined, fallback: number) => {
      const value = text === undefined ? fallback : Number(text);
      return Number.isFinite(value) && value >= 0 ? value : fail(`Not a number: "${text}".`);
    };
    const thresholds = {
      ...DEFAULT_THRESHOLDS,
      minAttempts: number(values['min-attempts'], DEFAULT_THRESHOLDS.minAttempts),
      maxExtraFailureRate:
        number(values['max-extra-failure'], DEFAULT_THRESHOLDS.maxExtraFailureRate * 100) / 100,
      goodPageViews: number(values['good-views'], DEFAULT_THRESHOLDS.goodPageViews),
    };
    const where = { remote, target, env };
    const result = await watchRelease(
      { remote, env, forMs, everyMs, thresholds },
      {
        readRelease: () => releaseOf(env, remote),
        readHealth: () => readReleaseHealth(dbFile, { env, remote }),
        rollBack: (version, reason) => rollbackToLastGood({ ...where, version, reason }),
        markGood: (version) => void markGood({ ...where, version }),
        log: (line) => console.log(line),
      },
    );
    process.exitCode = result.outcome === 'rolled-back' ? 1 : 0;
  } else {
    fail('Usage: npm run releases -- status [--env ID] [--json] | watch <remote> [--env ID] [--for 30m]');
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(2);
}
