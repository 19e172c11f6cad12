import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { buildApp } from '../app';
import { openDatabase, type Db } from '../db/open-database';
import type { ThrottleLimits } from '../http/throttle';
import type { ReleaseRegistries, RegistryDocument } from '../release-health/release-registries';
import { knownVersionsOf } from '../release-health/release-registries';
import type { ReportCaps } from '../release-health/report-caps';
import { DEMO_PASSWORD } from '../seed/demo-logins';
import { seedDemoData } from '../seed/seed-database';

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
  } = {},
): Promise<TestApp> {
  const db = openDatabase(':memory:');
  const clock = { now: TEST_NOW };
  await seedDemoData(db, { now: TEST_NOW, volumeAccounts: options.volumeAccounts ?? 0 });
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
  });
  const get = (url: string, cookie?: string) =>
    app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const post = (url: string, body: unknown, cookie?: string) =>
    app.inject({ method: 'POST', url, payload: body as object, headers: cookie ? { cookie } : {} });
  const login = async (email: string, password = DEMO_PASSWORD) => {
    const response = await post('/api/v1/session/login', { email, password });
    expect(response.statusCode, response.body).toBe(200);
    return sessionCookieOf(response);
  };
  return { app, db, clock, get, post, login };
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
