/**
 * `npm run check:contracts`: checks every built remote's mf-manifest.json against the built shell's
 * shared-singleton policy and the routes contract (scripts/deploy/remote-contract.ts). Part of
 * `npm test`; a remote built against an incompatible contract fails it with the reason.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REMOTE_NAMES } from './remote-deploy';
import { remoteContractProblems, type FederationManifest } from './remote-contract';

const repo = join(dirname(fileURLToPath(import.meta.url)), '../..');
const read = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as FederationManifest;

const shellManifest = join(repo, 'shell/dist/mf-manifest.json');
if (!existsSync(shellManifest)) {
  console.error('The shell is not built: run `npm run build` first.');
  process.exit(1);
}
const shell = read(shellManifest);
let failed = false;
for (const remote of REMOTE_NAMES) {
  const path = join(repo, 'remotes', remote, 'dist/mf-manifest.json');
  if (!existsSync(path)) {
    console.error(`✗ ${remote}: not built (${path}).`);
    failed = true;
    continue;
  }
  const problems = remoteContractProblems(remote, read(path), shell);
  if (problems.length === 0) console.log(`✓ ${remote}: exposes ./routes and shares the shell's singletons.`);
  for (const problem of problems) console.error(`✗ ${problem}`);
  failed ||= problems.length > 0;
}
process.exit(failed ? 1 : 0);
