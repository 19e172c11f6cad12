#!/usr/bin/env node
// Runs an npm script under a Node release the project supports (package.json `engines`): the Node
// running this one when it is supported, else the latest Node 26 from the npm registry
// (scripts/with-node.sh). `npm start` and `npm test` go through it, so the quick start works on a
// machine whose own Node is older (the SQLite binding does not run on Node 20:
// docs/decisions/034-node-and-sqlite.md).
//
//   node scripts/supported-node.mjs <npm script> [args...]
//
// Plain Node, no dependencies: it runs on the unsupported Node too.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
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

function main() {
  const [script, ...args] = process.argv.slice(2);
  if (!script) {
    console.error('usage: node scripts/supported-node.mjs <npm script> [args...]');
    process.exit(2);
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
    result = spawnSync('bash', [join(repoRoot, 'scripts/with-node.sh'), FETCHED_RELEASE, 'npm', ...npmArgs], {
      stdio: 'inherit',
    });
  } else {
    console.error(`Node ${process.versions.node} is not one this project supports (${range}): install one.`);
    process.exit(1);
  }
  if (result.error) throw result.error;
  process.exit(result.status ?? 1);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
