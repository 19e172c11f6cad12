#!/usr/bin/env node
// Runs an npm script under a Node release the project supports (package.json `engines`): the Node
// running this one when it is supported, else the latest Node 26 from the npm registry
// (scripts/ci/with-node.sh). `npm start`, `npm test`, `npm run release:health` and `npm run release:deploy`
// go through it, so they work on a machine whose own Node is older (the SQLite binding does not
// run on Node 20: docs/decisions/034-node-and-sqlite.md).
//
//   node scripts/ci/supported-node.mjs <npm script> [args...]
//
// The script's exit code is passed on unchanged (the release watcher's 0 to 3 mean something to
// whoever runs it). A script stopped by a signal (a crash such as SIGSEGV, or a kill) did not run
// to its end: that is said, with the signal, and the exit code is 2, "could not run", never one
// a script gives for a result.
//
// Plain Node, no dependencies: it runs on the unsupported Node too.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { constants } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '../..');
/** The release fetched when this Node is not supported: the primary one (.ci/run). */
export const FETCHED_RELEASE = '26';

/**
 * Whether `version` (e.g. "24.21.0") meets an `engines` range made of `^major.minor.patch` parts
 * joined by `||`, the only form package.json uses.
 * @param {string} version
 * @param {string} range
 */
export function satisfiesEngines(version, range) {
  const [major, minor, patch] = version.split('.').map(Number);
  return range.split('||').some((part) => {
    const match = /^\s*\^(\d+)\.(\d+)\.(\d+)\s*$/.exec(part);
    if (!match) return false;
    const [wantMajor, wantMinor, wantPatch] = match.slice(1).map(Number);
    if (major !== wantMajor) return false;
    return minor > wantMinor || (minor === wantMinor && patch >= wantPatch);
  });
}

/** The exit code when the script could not run to its end. */
export const COULD_NOT_RUN = 2;

/**
 * The signal that stopped a child: told by Node when the child itself was killed, or by the shell
 * npm runs a script in as exit code 128 + its number.
 * @param {{ status: number | null, signal: NodeJS.Signals | null }} result
 * @returns {string | undefined}
 */
function signalOf({ status, signal }) {
  if (signal) return signal;
  if (status === null || status <= 128) return undefined;
  return Object.entries(constants.signals).find(([, number]) => number === status - 128)?.[0];
}

/**
 * The exit code to pass on for a finished child, and what to say when it did not finish.
 * @param {string} label what ran, as it is named in the message
 * @param {{ status: number | null, signal: NodeJS.Signals | null }} result
 * @returns {{ code: number, message?: string }}
 */
export function outcome(label, result) {
  const signal = signalOf(result);
  if (signal) {
    const code = result.status === null ? '' : ` (exit code ${result.status})`;
    return {
      code: COULD_NOT_RUN,
      message: `${label} was stopped by ${signal}${code}: it did not run to its end.`,
    };
  }
  return { code: result.status ?? COULD_NOT_RUN };
}

function main() {
  const [script, ...args] = process.argv.slice(2);
  if (!script) {
    console.error('usage: node scripts/ci/supported-node.mjs <npm script> [args...]');
    process.exit(COULD_NOT_RUN);
  }
  const range = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')).engines.node;
  const npmArgs = ['run', script, ...(args.length > 0 ? ['--', ...args] : [])];
  let result;
  if (satisfiesEngines(process.versions.node, range)) {
    result = spawnSync('npm', npmArgs, { stdio: 'inherit', shell: process.platform === 'win32' });
  } else if (process.platform === 'linux' && process.arch === 'x64') {
    console.error(
      `Node ${process.versions.node} is not one this project supports (${range}): running ` +
        `\`npm ${npmArgs.join(' ')}\` under Node ${FETCHED_RELEASE} from the npm registry.`,
    );
    result = spawnSync(
      'bash',
      [join(repoRoot, 'scripts/ci/with-node.sh'), FETCHED_RELEASE, 'npm', ...npmArgs],
      {
        stdio: 'inherit',
      },
    );
  } else {
    console.error(`Node ${process.versions.node} is not one this project supports (${range}): install one.`);
    process.exit(COULD_NOT_RUN);
  }
  if (result.error) {
    console.error(`\`npm ${npmArgs.join(' ')}\` could not start: ${result.error.message}`);
    process.exit(COULD_NOT_RUN);
  }
  const { code, message } = outcome(`\`npm run ${script}\``, result);
  if (message) console.error(message);
  process.exit(code);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
