/**
 * Deploy one remote's build as a new immutable version and repoint an environment's registry, or
 * roll the registry back. See docs/releasing.md, "Deploying a remote".
 *
 *   npm run release:deploy -- customer                       deploy remotes/customer/dist
 *   npm run release:deploy -- customer --version 1.4.2       ... under an explicit version
 *   npm run release:deploy -- customer --rollback [--to V]   repoint to the previous (or a given) version
 *   npm run release:deploy -- customer --stage [--percent N] publish beside the current version; prints
 *                                                           its preview link
 *   npm run release:deploy -- customer --percent N           serve the staged version to N % of devices
 *   npm run release:deploy -- customer --promote | --abort   make the staged version current, or drop it
 *   npm run release:deploy -- customer --mark-good [--to V]  the current (or a given) version is good
 *
 * Staging on a live environment signs the preview link with the key in $EZY_PREVIEW_KEY (32 bytes
 * or more); the link opens the preview for 7 days, or --preview-days N (at most 30).
 * Options: --from DIR (the build; default remotes/<name>/dist), --shell DIR (the shell build the
 * remote must fit, checked when it holds a build; default shell/dist), --target DIR (default .deploy, what
 * `npm start` serves), --env ID (an environment of shared/promo-domain/src/environments; default
 * local), --origin URL (the origin serving <target> for this remote; default the local CDN,
 * http://localhost:8081).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import type { RemoteName } from '@promo/domain/paths';
import { remoteContractProblems, type FederationManifest } from './remote-contract';
import {
  abortStaged,
  checkedEnvironment,
  deployRemote,
  markGood,
  PREVIEW_KEY_VARIABLE,
  promoteStaged,
  readRegistry,
  REMOTE_NAMES,
  rollbackRemote,
  setRolloutPercent,
} from './remote-deploy';
import { localCdn, localShellOrigin } from '../host/local-ports';

const repo = join(dirname(fileURLToPath(import.meta.url)), '../..');
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    from: { type: 'string' },
    shell: { type: 'string' },
    target: { type: 'string' },
    env: { type: 'string', default: 'local' },
    origin: { type: 'string' },
    version: { type: 'string' },
    rollback: { type: 'boolean', default: false },
    to: { type: 'string' },
    stage: { type: 'boolean', default: false },
    percent: { type: 'string' },
    promote: { type: 'boolean', default: false },
    abort: { type: 'boolean', default: false },
    'mark-good': { type: 'boolean', default: false },
    'preview-days': { type: 'string' },
  },
});

const remote = positionals[0] as RemoteName | undefined;
if (!remote || !REMOTE_NAMES.includes(remote)) {
  console.error(`Name the remote to deploy: one of ${REMOTE_NAMES.join(', ')}.`);
  process.exit(2);
}
const env = values.env;
try {
  checkedEnvironment(env);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(2);
}
if (values['preview-days'] !== undefined && !values.stage) {
  console.error('--preview-days goes with --stage: it sets how long the printed preview link opens.');
  process.exit(2);
}
const target = resolve(values.target ?? process.env.DEPLOY_DIR ?? join(repo, '.deploy'));
const origin = values.origin ?? localCdn();
const where = { remote, target, env };
const percent = values.percent === undefined ? undefined : Number(values.percent);

try {
  if (values.promote) {
    console.log(`${env}: ${remote} ${promoteStaged(where).version} is now current for everyone.`);
  } else if (values.abort) {
    console.log(`${env}: ${remote} ${abortStaged(where).version} is no longer staged.`);
  } else if (values['mark-good']) {
    const version = values.to ?? readRegistry(target, env).remotes?.[remote]?.version ?? '';
    console.log(`${env}: ${remote} ${markGood({ ...where, version }).version} is marked good.`);
  } else if (percent !== undefined && !values.stage) {
    const staged = setRolloutPercent({ ...where, percent });
    console.log(`${env}: ${remote} ${staged.version} is served to ${percent} % of devices.`);
  } else if (values.rollback) {
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
    const shellManifest = join(resolve(values.shell ?? join(repo, 'shell/dist')), 'mf-manifest.json');
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
    const previewKey = process.env[PREVIEW_KEY_VARIABLE];
    const { version, manifest, previewLink, previewExpires } = deployRemote({
      remote,
      from,
      target,
      env,
      origin,
      localShellOrigin: localShellOrigin(),
      ...(values.version ? { version: values.version } : {}),
      ...(values.stage ? { stage: true, percent: percent ?? 0 } : {}),
      ...(values.stage && previewKey ? { previewKey } : {}),
      ...(values['preview-days'] !== undefined ? { previewDays: Number(values['preview-days']) } : {}),
    });
    if (previewLink) {
      console.log(`${env}: ${remote} ${version} staged for ${percent ?? 0} % of devices (${manifest}).`);
      console.log(`Preview it: ${previewLink}`);
      if (previewExpires) console.log(`The link opens the preview until ${previewExpires}.`);
    } else {
      console.log(`${env}: ${remote} ${version} deployed; the registry points to ${manifest}.`);
    }
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
