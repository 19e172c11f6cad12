import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_PREFIX, buildApp } from './app';
import { DEFAULT_PUBLIC_ORIGIN } from './http/app-context';
import { openDatabase } from './db/open-database';
import { allowedOrigins as originsAllowed } from './http/cross-site';
import { pushEndpointHostsFromEnv, pushTestOriginsFromEnv } from './notifications/push/push-endpoints';
import {
  DEV_ENDPOINTS_WHAT,
  devEndpointsFromEnv,
  devEndpointsRefusal,
  hostInUrl,
} from './http/dev-endpoints';
import { throttleLimitsFromEnv, type ThrottleLimits } from './http/throttle';
import { directoryRegistries, fetchedRegistries } from './release-health/release-registries';
import { reportCapsFromEnv, type ReportCaps } from './release-health/report-caps';
import { ensureDemoData } from './seed/seed-database';
import { renderAllImages } from './files/image-library';
import { oidcSettingsFromEnv, type OidcSettings } from './sso/oidc-settings';

const startedAt = performance.now();
const serverRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

const production = process.env.NODE_ENV === 'production';
const port = Number(process.env.API_PORT ?? 3001);
const host = process.env.API_HOST || '127.0.0.1';
// Relative paths are taken from the current directory; the default lives in server/data either way.
const dbFile = process.env.DB_FILE
  ? process.env.DB_FILE === ':memory:'
    ? ':memory:'
    : resolve(process.env.DB_FILE)
  : resolve(serverRoot, 'data/ezy.sqlite');
const publicOrigin = process.env.PUBLIC_ORIGIN ?? DEFAULT_PUBLIC_ORIGIN;
const allowedOrigins = (process.env.ALLOWED_ORIGINS ?? '')
  .split(',')
  .map((origin) => origin.trim())
  .filter(Boolean);
const trustProxy = process.env.TRUST_PROXY || 'loopback';
// Release-health reports count only for versions an environment's registry names: read from the
// deploy tool's folder of registries when given (what `npm start` serves), else fetched from each
// environment's registry URL as the shell fetches it.
const registryDir = process.env.RELEASE_REGISTRY_DIR;

if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`API_PORT must be a port number, got "${process.env.API_PORT}".`);
  process.exit(1);
}

// Every setting is checked before the database is opened: a refusal costs no seeding.
let devEndpoints: boolean;
try {
  devEndpoints = devEndpointsFromEnv(process.env);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
const devRefusal =
  devEndpoints &&
  devEndpointsRefusal({
    setting: `DEV_ENDPOINTS=${process.env.DEV_ENDPOINTS}`,
    hostVariable: 'API_HOST',
    host,
    nodeEnv: process.env.NODE_ENV,
  });
if (devRefusal) {
  console.error(devRefusal);
  process.exit(1);
}

let throttle: ThrottleLimits;
let reportCaps: Partial<ReportCaps>;
let pushTestOrigins: string[];
let oidc: OidcSettings | undefined;
try {
  throttle = throttleLimitsFromEnv(process.env);
  oidc = oidcSettingsFromEnv(process.env);
  reportCaps = reportCapsFromEnv(process.env);
  pushTestOrigins = pushTestOriginsFromEnv(process.env.PUSH_TEST_ORIGINS);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
try {
  originsAllowed(publicOrigin, allowedOrigins);
} catch (error) {
  console.error(
    `PUBLIC_ORIGIN and ALLOWED_ORIGINS take origins (scheme://host:port): ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
}

const db = openDatabase(dbFile);
const outcome = await ensureDemoData(db, Date.now());
const app = await buildApp({
  db,
  devEndpoints,
  publicOrigin,
  listenHost: host,
  allowedOrigins,
  trustProxy,
  throttle,
  reportCaps,
  releaseRegistries: registryDir
    ? directoryRegistries(resolve(registryDir))
    : fetchedRegistries(publicOrigin),
  secureCookies: production,
  smtpUrl: process.env.SMTP_URL || undefined,
  pushEndpointHosts: pushEndpointHostsFromEnv(process.env.PUSH_ENDPOINT_HOSTS),
  pushTestOrigins,
  ...(process.env.VAPID_SUBJECT ? { vapidSubject: process.env.VAPID_SUBJECT } : {}),
  ...(oidc ? { oidc } : {}),
  logger: { level: process.env.LOG_LEVEL ?? 'warn' },
});

async function shutdown(signal: string): Promise<void> {
  console.log(`Ezy Rewards API: ${signal}, closing.`);
  await app.close();
  db.close();
  process.exit(0);
}
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

try {
  await app.listen({ port, host });
} catch (error) {
  console.error(
    `Ezy Rewards API could not listen on ${host}:${port}:`,
    error instanceof Error ? error.message : error,
  );
  process.exit(1);
}

// In the background, about half a second: the demo images, so that no visitor waits for one.
renderAllImages().catch((error: unknown) =>
  console.error(
    'Ezy Rewards API: the demo images could not be drawn:',
    error instanceof Error ? error.message : error,
  ),
);

const address = app.server.address();
const actualPort = typeof address === 'object' && address !== null ? address.port : port;
const seedNote =
  outcome.action === 'kept'
    ? `demo data from ${new Date(outcome.seededAt).toISOString()}`
    : `demo data ${outcome.action}: ${outcome.summary.accounts} accounts, ${outcome.summary.branches} branches in ${outcome.summary.milliseconds} ms`;
// One write, so that whoever reads the log for the "listening" line gets the dev endpoints' warning with it.
console.log(
  `Ezy Rewards API listening on http://${hostInUrl(host)}:${actualPort}${API_PREFIX} ` +
    `(db ${dbFile}; ${seedNote}; dev endpoints ${devEndpoints ? 'ON' : 'off'}; single sign-on ${oidc ? `through ${oidc.issuer.href}` : 'off'}; ready in ${Math.round(performance.now() - startedAt)} ms)` +
    (devEndpoints
      ? `\nDev endpoints on (DEV_ENDPOINTS=${process.env.DEV_ENDPOINTS}): ${API_PREFIX}/dev/* serves ${DEV_ENDPOINTS_WHAT}, ` +
        'to anyone who reaches this address. For development on this machine only.'
      : ''),
);
