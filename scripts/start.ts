/**
 * `npm start` (after the build) and the end-to-end tests' web server: the reference API and each
 * built app on its own origin, as in production where every remote is deployed separately.
 *
 *   shell    http://localhost:$PORT (8080), proxies /api to the API and answers /runtime-config.json
 *   public   http://localhost:$PUBLIC_PORT (8081)
 *   customer http://localhost:$CUSTOMER_PORT (8082)
 *   salesrep http://localhost:$SALESREP_PORT (8083)
 *   API      http://127.0.0.1:$API_PORT (3001)
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RuntimeConfig } from '@promo/domain/remote-contract';
import { startStaticHost } from './static-host';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..');
const env = process.env;
const port = (name: string, fallback: number) => Number(env[name] ?? fallback);

const ports = {
  shell: port('PORT', 8080),
  public: port('PUBLIC_PORT', 8081),
  customer: port('CUSTOMER_PORT', 8082),
  salesrep: port('SALESREP_PORT', 8083),
  api: port('API_PORT', 3001),
};
const host = env.HOST ?? 'localhost';
const shellOrigin = `http://${host}:${ports.shell}`;
const remoteOrigin = (remote: 'public' | 'customer' | 'salesrep') => `http://${host}:${ports[remote]}`;

const dists = {
  shell: join(repo, 'shell/dist'),
  public: join(repo, 'remotes/public/dist'),
  customer: join(repo, 'remotes/customer/dist'),
  salesrep: join(repo, 'remotes/salesrep/dist'),
};
for (const [app, dir] of Object.entries(dists)) {
  if (!existsSync(join(dir, app === 'shell' ? 'index.html' : 'mf-manifest.json'))) {
    console.error(`The ${app} app is not built (${dir}). Run \`npm run build\` first, or \`npm start\`.`);
    process.exit(1);
  }
}

const runtimeConfig: RuntimeConfig = {
  environment: env.EZY_ENVIRONMENT ?? 'local',
  apiBase: '/api/v1',
  remotes: {
    public: `${remoteOrigin('public')}/mf-manifest.json`,
    customer: `${remoteOrigin('customer')}/mf-manifest.json`,
    salesrep: `${remoteOrigin('salesrep')}/mf-manifest.json`,
  },
};

const api = spawn(process.execPath, ['--import', 'tsx', join(repo, 'server/src/main.ts')], {
  cwd: repo,
  stdio: 'inherit',
  env: { ...env, API_PORT: String(ports.api), PUBLIC_ORIGIN: shellOrigin },
});

const hosts = await Promise.all([
  startStaticHost({
    root: dists.shell,
    port: ports.shell,
    host,
    spa: true,
    proxy: { prefix: '/api/', target: `http://127.0.0.1:${ports.api}` },
    handle: (req, res) => {
      if (!req.url?.startsWith('/runtime-config.json')) return false;
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-cache' });
      res.end(JSON.stringify(runtimeConfig));
      return true;
    },
  }),
  ...(['public', 'customer', 'salesrep'] as const).map((remote) =>
    startStaticHost({ root: dists[remote], port: ports[remote], host, corsOrigins: [shellOrigin] }),
  ),
]);

console.log(`\nEzy Rewards is running. Open ${shellOrigin}\n`);

let stopping = false;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  api.kill('SIGTERM');
  void Promise.all(hosts.map((h) => h.close())).finally(() => process.exit(code));
}
api.on('exit', (code) => {
  if (!stopping) {
    console.error(`The API server stopped (exit ${code ?? 'signal'}).`);
    stop(1);
  }
});
process.on('SIGINT', () => stop());
process.on('SIGTERM', () => stop());
