import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect, vi } from 'vitest';
import { buildApp } from '../app';
import { openDatabase, type Db } from '../db/open-database';
import type { ThrottleLimits } from '../http/throttle';
import type { ReleaseRegistries, RegistryDocument } from '../release-health/release-registries';
import { knownVersionsOf } from '../release-health/release-registries';
import type { ReportCaps } from '../release-health/report-caps';
import { DEMO_PASSWORD } from '../seed/demo-logins';
import { seedDemoData } from '../seed/seed-database';
import { startLocalProvider, type LocalIdentity, type LocalProvider } from '../sso/local-provider';
import { DEFAULT_OIDC_SCOPES, type ClientAuthMethod, type OidcSettings } from '../sso/oidc-settings';

/** A Thursday morning, local time: the seed dates everything from its midnight. */
export const TEST_NOW = new Date(2025, 10, 20, 9, 30).getTime();
export const TEST_ORIGIN = 'http://shell.test';

const PLENTY = { max: 100_000, windowMs: 60_000 };

/** Limits no test reaches, for files that sign in and submit forms many times and test something else. */
export const UNTHROTTLED: Partial<ThrottleLimits> = {
  signInPerAccount: PLENTY,
  signInPerAddress: PLENTY,
  forgotPasswordPerEmail: PLENTY,
  forgotPasswordPerAddress: PLENTY,
  signupPerEmail: PLENTY,
  signupPerAddress: PLENTY,
  telemetryPerAddress: PLENTY,
  notificationsPerAddress: PLENTY,
};

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  /** Move it to cross expiries and lock times. */
  clock: { now: number };
  get: (url: string, cookie?: string) => Promise<LightMyRequestResponse>;
  post: (url: string, body: unknown, cookie?: string) => Promise<LightMyRequestResponse>;
  /** Signs in and returns the Cookie header value to send back. */
  login: (email: string, password?: string) => Promise<string>;
  /** With `ssoIdentities`: the local provider's issuer. */
  ssoIssuer?: string;
}

/**
 * The app over a private in-memory database seeded like a fresh server. `volumeAccounts: 0` keeps
 * files that do not need the 2,400 generated customers fast. Throttling is on with the server's
 * defaults unless a test names other limits.
 */
export async function createTestApp(
  options: {
    volumeAccounts?: number;
    devEndpoints?: boolean;
    throttle?: Partial<ThrottleLimits>;
    allowedOrigins?: string[];
    /** Each environment's registry, as the deploy tool would have written it; none by default. */
    registries?: Record<string, RegistryDocument>;
    reportCaps?: Partial<ReportCaps>;
    /** PUSH_TEST_ORIGINS: the loopback push receivers (src/test-support/push-receiver.ts) a test pushes to. */
    pushTestOrigins?: string[];
    /** The OpenID provider reps sign in through (src/sso/oidc-settings.ts); none by default. */
    oidc?: OidcSettings;
    /**
     * Runs a local OpenID provider (src/sso/local-provider.ts) that knows these people, registers
     * the app with it and waits until single sign-on can start. The provider stops with the app.
     */
    ssoIdentities?: LocalIdentity[];
    /** With `ssoIdentities`: how the app is registered, when not as TEST_SSO_CLIENT with client_secret_basic. */
    ssoClient?: { secret?: string; auth?: ClientAuthMethod };
    /** With `ssoIdentities`: settings besides the issuer and client. */
    ssoSettings?: Partial<OidcSettings>;
  } = {},
): Promise<TestApp> {
  const db = openDatabase(':memory:');
  const clock = { now: TEST_NOW };
  await seedDemoData(db, { now: TEST_NOW, volumeAccounts: options.volumeAccounts ?? 0 });
  const client = { ...TEST_SSO_CLIENT, ...options.ssoClient };
  const provider = options.ssoIdentities ? await startTestProvider(options.ssoIdentities, client) : undefined;
  const oidc = provider
    ? testSsoSettings(provider.issuer, {
        ...(client.secret ? { clientSecret: client.secret } : { clientSecret: undefined }),
        clientAuth: client.auth ?? 'client_secret_basic',
        ...options.ssoSettings,
      })
    : options.oidc;
  const app = await buildApp({
    db,
    now: () => clock.now,
    devEndpoints: options.devEndpoints ?? true,
    publicOrigin: TEST_ORIGIN,
    throttle: options.throttle,
    allowedOrigins: options.allowedOrigins,
    releaseRegistries: registriesOf(options.registries ?? {}),
    reportCaps: options.reportCaps,
    pushTestOrigins: options.pushTestOrigins,
    ...(oidc ? { oidc } : {}),
  });
  if (provider) app.addHook('onClose', () => provider.close());
  const get = (url: string, cookie?: string) =>
    app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const post = (url: string, body: unknown, cookie?: string) =>
    app.inject({ method: 'POST', url, payload: body as object, headers: cookie ? { cookie } : {} });
  const login = async (email: string, password = DEMO_PASSWORD) => {
    const response = await post('/api/v1/session/login', { email, password });
    expect(response.statusCode, response.body).toBe(200);
    return sessionCookieOf(response);
  };
  const t = { app, db, clock, get, post, login, ...(provider ? { ssoIssuer: provider.issuer } : {}) };
  if (provider) await ssoReady(t);
  return t;
}

/** The app as the test provider's client. */
export const TEST_SSO_CLIENT = { id: 'ezy-rewards-test', secret: 'test-client-secret' } as const;

function startTestProvider(
  identities: LocalIdentity[],
  client: { id: string; secret?: string; auth?: ClientAuthMethod },
): Promise<LocalProvider> {
  return startLocalProvider({
    host: '127.0.0.1',
    port: 0,
    identities,
    client: {
      ...client,
      redirectUri: `${TEST_ORIGIN}/auth0/callback`,
      postLogoutRedirectUri: `${TEST_ORIGIN}/login`,
    },
  });
}

/** The OIDC_* settings of the app registered as TEST_SSO_CLIENT with the provider at `issuer`. */
export function testSsoSettings(issuer: string, overrides: Partial<OidcSettings> = {}): OidcSettings {
  return {
    issuer: new URL(issuer),
    clientId: TEST_SSO_CLIENT.id,
    clientSecret: TEST_SSO_CLIENT.secret,
    clientAuth: 'client_secret_basic',
    scopes: DEFAULT_OIDC_SCOPES,
    repGroups: [],
    ...overrides,
  };
}

/** Discovery runs in the background: single sign-on can start once the URL call answers 200. */
export async function ssoReady(t: Pick<TestApp, 'post'>): Promise<void> {
  await vi.waitFor(
    async () => {
      const response = await t.post('/api/v1/auth0/get/auth/url', {});
      if (response.statusCode !== 200) throw new Error(`single sign-on not ready: ${response.body}`);
    },
    { timeout: 10_000, interval: 50 },
  );
}

/**
 * Registries held in memory: a test changes `documents` as a deploy would, and every read (refresh
 * or not) sees the change, as the directory source does once the file is written.
 */
function registriesOf(documents: Record<string, RegistryDocument>): ReleaseRegistries & {
  reads: number;
} {
  const source = {
    reads: 0,
    known: async (env: string) => {
      source.reads += 1;
      const document = documents[env];
      return document ? knownVersionsOf(document) : undefined;
    },
  };
  return source;
}

/** 'ezy_sid=…' from a response's Set-Cookie, for the next request's Cookie header. */
export function sessionCookieOf(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((entry) => entry.name === 'ezy_sid');
  if (!cookie)
    throw new Error(`No session cookie in the response: ${JSON.stringify(response.headers['set-cookie'])}`);
  return `ezy_sid=${cookie.value}`;
}
