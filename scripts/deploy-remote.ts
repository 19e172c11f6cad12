/**
 * Deploy one remote's build as a new immutable version and repoint an environment's registry, or
 * roll the registry back. See README "Deploying a remote".
 *
 *   npm run deploy:remote -- customer                       deploy remotes/customer/dist
 *   npm run deploy:remote -- customer --version 1.4.2       ... under an explicit version
 *   npm run deploy:remote -- customer --rollback [--to V]   repoint to the previous (or a given) version
 *
 * Options: --from DIR (the build; default remotes/<name>/dist), --target DIR (default .deploy, what
 * `npm start` serves), --env ID (default local), --origin URL (the origin serving <target> for this
 * remote; default the local CDN, http://localhost:8081).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import type { RemoteName } from '@promo/domain/paths';
import { remoteContractProblems, type FederationManifest } from './deploy/remote-contract';
import { deployRemote, REMOTE_NAMES, rollbackRemote } from './deploy/remote-deploy';
import { localCdn } from './local-ports';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..');
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    from: { type: 'string' },
    target: { type: 'string' },
    env: { type: 'string', default: 'local' },
    origin: { type: 'string' },
    version: { type: 'string' },
    rollback: { type: 'boolean', default: false },
    to: { type: 'string' },
  },
});

const remote = positionals[0] as RemoteName | undefined;
if (!remote || !REMOTE_NAMES.includes(remote)) {
  console.error(`Name the remote to deploy: one of ${REMOTE_NAMES.join(', ')}.`);
  process.exit(2);
}
const target = resolve(values.target ?? process.env.DEPLOY_DIR ?? join(repo, '.deploy'));
const origin = values.origin ?? localCdn();
const env = values.env;

try {
  if (values.rollback) {
    const { version } = rollbackRemote({
      remote,
      target,
      env,
      origin,
      ...(values.to ? { to: values.to } : {}),
    });
    console.log(`${env}: ${remote} rolled back to ${version}.`);
  } else {
    const from = resolve(values.from ?? join(repo, 'remotes', remote, 'dist'));
    const shellManifest = join(repo, 'shell/dist/mf-manifest.json');
    if (existsSync(shellManifest)) {
      const read = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as FederationManifest;
      const problems = remoteContractProblems(
        remote,
        read(join(from, 'mf-manifest.json')),
        read(shellManifest),
      );
      if (problems.length > 0)
        throw new Error(`Not deployed: the build breaks the shell's contract.\n${problems.join('\n')}`);
    }
    const { version, manifest } = deployRemote({
      remote,
      from,
      target,
      env,
      origin,
      ...(values.version ? { version: values.version } : {}),
    });
    console.log(`${env}: ${remote} ${version} deployed; the registry points to ${manifest}.`);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
