/**
 * How each remote version is doing, and the watcher that rolls a failing one back. See
 * docs/releasing.md, "How a version is doing", and docs/decisions/033-release-health.md.
 *
 *   npm run release:health -- status [--env ID] [--remote NAME] [--json]
 *   npm run release:health -- watch <remote> [--env ID] [--for 30m] [--every 30s]
 *                         [--rollback-reporters 5] [--max-extra-failure 5]
 *                         [--good-reporters 20] [--good-max-failure 5] [--min-age 15m]
 *
 * Both read the reference server's database (DB_FILE, default server/data/ezy.sqlite) beside the
 * running server, and the environment's registry under --target (default .deploy, or DEPLOY_DIR).
 * `watch` exits with 0 when the version is marked good (or was already), 1 when it rolled it back,
 * 3 when --for ran out undecided, and 2 when it could not run (an unknown option among them).
 */
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ENVIRONMENTS } from '@promo/domain/environments/environments';
import { sinceOf } from '@promo/domain/environments/release-rules';
import type { RemoteName } from '@promo/domain/paths';
import {
  checkedEnvironment,
  markGood,
  readRegistry,
  REMOTE_NAMES,
  rollbackToLastGood,
} from './remote-deploy';
import { formatTable, statusCells } from './release-status';

const repo = join(fileURLToPath(import.meta.url), '../../..');

const USAGE = [
  'Usage: npm run release:health -- status [--env ID] [--remote NAME] [--json]',
  '       npm run release:health -- watch <remote> [--env ID] [--for 30m] [--every 30s]',
  '                             [--rollback-reporters 5] [--max-extra-failure 5]',
  '                             [--good-reporters 20] [--good-max-failure 5] [--min-age 15m]',
].join('\n');

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

const OPTIONS = {
  env: { type: 'string' },
  remote: { type: 'string' },
  json: { type: 'boolean', default: false },
  target: { type: 'string' },
  db: { type: 'string' },
  for: { type: 'string', default: '30m' },
  every: { type: 'string', default: '30s' },
  'rollback-reporters': { type: 'string' },
  'max-extra-failure': { type: 'string' },
  'good-reporters': { type: 'string' },
  'good-max-failure': { type: 'string' },
  'min-age': { type: 'string' },
} as const;

/**
 * The command line, or exit 2 with the reason and the usage: an option the command does not know
 * (a typo of a threshold) must not run a watch with the default in its place, nor read as a rollback (1).
 */
function parsedArguments() {
  try {
    return parseArgs({ allowPositionals: true, options: OPTIONS });
  } catch (error) {
    return fail(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  }
}

const { values, positionals } = parsedArguments();

/** `30s`, `5m`, `1h` in ms; undefined when it is not one. */
function duration(text: string): number | undefined {
  const match = /^(\d+)(ms|s|m|h)$/.exec(text.trim());
  if (!match) return undefined;
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[match[2] as 'ms' | 's' | 'm' | 'h'];
  return Number(match[1]) * unit;
}

const dbFile = resolve(values.db ?? process.env.DB_FILE ?? join(repo, 'server/data/ezy.sqlite'));
const target = resolve(values.target ?? process.env.DEPLOY_DIR ?? join(repo, '.deploy'));
// The server's own summary of the stored reports, through its package export.
const { readReleaseHealth, sinceKey } = await import('@promo/server/release-health');
const { DEFAULT_THRESHOLDS, exitCodeOf, watchRelease } = await import('@promo/server/release-decisions');
const releaseOf = (env: string, remote: string) => readRegistry(target, env).remotes?.[remote as RemoteName];

/**
 * When each version the registries name entered them, as the status table counts: reports received
 * before are not about that release (docs/decisions/033-release-health.md). Read from the registry
 * files of the environments and remotes asked for, not from the reports.
 */
function registeredSince(env: string | undefined, remote: string | undefined): Record<string, number> {
  const since: Record<string, number> = {};
  for (const id of env ? [env] : ENVIRONMENTS.map((row) => row.id)) {
    for (const name of remote ? [remote] : REMOTE_NAMES) {
      const release = releaseOf(id, name);
      for (const ref of [release?.lastGood, release, release?.staged]) {
        const time = sinceOf(ref);
        if (ref && time !== undefined) since[sinceKey(id, name, ref.version)] = time;
      }
    }
  }
  return since;
}

const [command, remoteArgument] = positionals;
try {
  // A typo must not read as an environment with nothing deployed (exit 2 with the list).
  if (values.env !== undefined) checkedEnvironment(values.env);
  if (command === 'status') {
    const filter = {
      ...(values.env ? { env: values.env } : {}),
      ...(values.remote ? { remote: values.remote } : {}),
    };
    const rows = readReleaseHealth(dbFile, {
      ...filter,
      since: registeredSince(values.env, values.remote),
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
    const share = (text: string | undefined, fallback: number) => {
      const value = number(text, fallback * 100);
      return value <= 100 ? value / 100 : fail(`A failure share is a percent from 0 to 100, not "${text}".`);
    };
    const minAge = values['min-age'];
    const thresholds = {
      rollbackReporters: Math.max(
        1,
        number(values['rollback-reporters'], DEFAULT_THRESHOLDS.rollbackReporters),
      ),
      maxExtraFailureRate: share(values['max-extra-failure'], DEFAULT_THRESHOLDS.maxExtraFailureRate),
      goodReporters: Math.max(1, number(values['good-reporters'], DEFAULT_THRESHOLDS.goodReporters)),
      goodMaxFailureRate: share(values['good-max-failure'], DEFAULT_THRESHOLDS.goodMaxFailureRate),
      minAgeMs:
        minAge === undefined
          ? DEFAULT_THRESHOLDS.minAgeMs
          : (duration(minAge) ?? fail(`--min-age takes a duration such as 15m, not "${minAge}".`)),
    };
    const where = { remote, target, env };
    const result = await watchRelease(
      { remote, env, forMs, everyMs, thresholds },
      {
        readRelease: () => releaseOf(env, remote),
        readHealth: (since) =>
          readReleaseHealth(dbFile, {
            env,
            remote,
            since: Object.fromEntries(
              Object.entries(since).map(([version, time]) => [sinceKey(env, remote, version), time]),
            ),
          }),
        rollBack: (version, reason) => rollbackToLastGood({ ...where, version, reason }),
        markGood: (version) => void markGood({ ...where, version }),
        log: (line) => console.log(line),
      },
    );
    process.exitCode = exitCodeOf(result.outcome);
  } else {
    fail(USAGE);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(2);
}
