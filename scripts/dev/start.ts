/**
 * `npm start` (after the build) and the end-to-end tests' web server, in production's shape
 * (a hosted environment in @promo/domain/environments/environments): the shell with the API on one origin, the
 * registry and the remotes on a CDN origin of their own.
 *
 *   shell  http://localhost:$PORT (8080)       the shell, and /api proxied to the API
 *   CDN    http://localhost:$PORT+1 (8081)     /registry.json and $DEPLOY_DIR (default .deploy/),
 *                                              where each remote's builds live under immutable
 *                                              versioned paths: <remote>/<version>/
 *   API    http://127.0.0.1:$API_PORT (3001)
 *   SSO    http://127.0.0.1:$SSO_PORT (3002)       the local OpenID provider reps sign in at, unless
 *                                              OIDC_ISSUER names another (scripts/dev/local-sso.ts)
 *
 * On start the current build of each remote is deployed (scripts/deploy/deploy-remote.ts does the same by
 * hand) and the local registry points to it; a build already deployed keeps its version.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { localEnvironment } from '@promo/domain/environments/environments';
import { deployRemote, REMOTE_NAMES, registryHandler } from '../deploy/remote-deploy';
import { documentHeadersOfFile } from '../deploy/security-headers';
import { localDevEndpoints, type LocalDevEndpoints } from './local-dev-endpoints';
import { startLocalSso, type LocalSso } from './local-sso';
import { localCdn, localHost, localPorts, localShellOrigin } from '../host/local-ports';
import { startStaticHost } from '../host/static-host';

const repo = join(dirname(fileURLToPath(import.meta.url)), '../..');
const env = process.env;
const ports = localPorts();
const host = localHost();
const shellOrigin = localShellOrigin();
const cdnOrigin = localCdn();
const environment = localEnvironment(shellOrigin);
const deployDir = resolve(env.DEPLOY_DIR ?? join(repo, '.deploy'));
const shellDist = join(repo, 'shell/dist');

// Before anything else, so that a refusal is the first and only thing said.
let devEndpoints: LocalDevEndpoints;
try {
  devEndpoints = localDevEndpoints(env, host);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
console.log(devEndpoints.line);

for (const app of ['shell', ...REMOTE_NAMES]) {
  const dir = app === 'shell' ? shellDist : join(repo, 'remotes', app, 'dist');
  if (!existsSync(join(dir, app === 'shell' ? 'index.html' : 'mf-manifest.json'))) {
    console.error(`The ${app} app is not built (${dir}). Run \`npm run build\` first, or \`npm start\`.`);
    process.exit(1);
  }
}
for (const remote of REMOTE_NAMES) {
  const { version } = deployRemote({
    remote,
    from: join(repo, 'remotes', remote, 'dist'),
    target: deployDir,
    env: 'local',
    origin: cdnOrigin,
  });
  console.log(`${remote} ${version} deployed to ${deployDir}`);
}

// EXTRA_REMOTE_ORIGINS (comma-separated) lets an end-to-end test serve a remote from a server it
// starts and stops itself; production policies list exactly the environment's remote origins.
const extraOrigins = (env.EXTRA_REMOTE_ORIGINS ?? '').split(',').filter(Boolean);
const remoteOrigins = [cdnOrigin, ...extraOrigins];
const headerPolicy = {
  remoteOrigins,
  spendProgressParents: [shellOrigin],
  startupFetches: { registryUrl: environment.registryUrl, apiBase: environment.apiBase },
};

let sso: LocalSso;
try {
  sso = await startLocalSso(env, { shellOrigin, port: ports.sso });
} catch (error) {
  console.error(
    `The local identity provider could not listen on 127.0.0.1:${ports.sso} ` +
      `(${error instanceof Error ? error.message : String(error)}): set SSO_PORT to a free port, or OIDC_ISSUER.`,
  );
  process.exit(1);
}
console.log(sso.line);

const api = spawn(process.execPath, ['--import', 'tsx', join(repo, 'server/src/main.ts')], {
  cwd: repo,
  stdio: 'inherit',
  // The demo data is dated in New Zealand time (promotions end at midnight NZ), whatever the host's zone.
  env: {
    ...env,
    TZ: env.TZ ?? 'Pacific/Auckland',
    API_PORT: String(ports.api),
    PUBLIC_ORIGIN: shellOrigin,
    DEV_ENDPOINTS: devEndpoints.value,
    // The loopback push receivers the API may post to (server/README.md): none of its own here; a
    // test that runs one names it (e2e/playwright.config.ts).
    PUSH_TEST_ORIGINS: env.PUSH_TEST_ORIGINS ?? '',
    // The registries the local CDN serves: release-health reports count for the versions they name.
    RELEASE_REGISTRY_DIR: join(deployDir, 'registry'),
    ...sso.apiEnv,
  },
});

/** The shell's host (what tests and people wait for) opens only once the API answers behind it. */
async function apiReady(): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (api.exitCode !== null) throw new Error('The API server exited during start-up.');
    try {
      if ((await fetch(`http://127.0.0.1:${ports.api}/api/v1/session/get`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolveWait) => setTimeout(resolveWait, 100));
  }
  throw new Error('The API server did not answer within 30 s.');
}

try {
  await apiReady();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  api.kill('SIGTERM');
  process.exit(1);
}

// HTTP/2 over TLS, as production hosts serve (docs/releasing.md, "Hosting"), when given a certificate.
const tls =
  env.TLS_CERT_FILE && env.TLS_KEY_FILE
    ? { cert: readFileSync(env.TLS_CERT_FILE), key: readFileSync(env.TLS_KEY_FILE) }
    : undefined;

const ownNames = devEndpoints.on ? { ownNames: [host] } : {};
const hosts = await Promise.all([
  startStaticHost({
    tls,
    root: shellDist,
    port: ports.shell,
    host,
    spa: true,
    proxy: { prefix: '/api/', target: `http://127.0.0.1:${ports.api}` },
    // Another site's link to /logout would sign people out (the page signs out as it loads).
    noCrossSiteEntry: ['/logout'],
    // While the dev endpoints are on, only requests addressed to this machine, so that no other
    // site's page rebound to 127.0.0.1 reads the demo mailbox through the proxy.
    ...ownNames,
    documentHeaders: (pathname, file) => documentHeadersOfFile(pathname, file, headerPolicy),
  }),
  startStaticHost({
    tls,
    root: deployDir,
    port: Number(new URL(cdnOrigin).port),
    host,
    corsOrigins: [shellOrigin],
    handle: registryHandler(deployDir, 'local'),
    ...ownNames,
  }),
]);

console.log(`\nEzy Rewards is running. Open ${shellOrigin}\n`);

let stopping = false;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  api.kill('SIGTERM');
  void Promise.all([...hosts.map((h) => h.close()), sso.close()]).finally(() => process.exit(code));
}
api.on('exit', (code) => {
  if (!stopping) {
    console.error(`The API server stopped (exit ${code ?? 'signal'}).`);
    stop(1);
  }
});
process.on('SIGINT', () => stop());
process.on('SIGTERM', () => stop());
