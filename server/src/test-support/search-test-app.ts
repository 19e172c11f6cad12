import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app';
import { hashPassword } from '../auth/password-hash';
import { openDatabase, type Db } from '../db/open-database';
import { UserStore } from '../users/user-store';

/**
 * The app the search tests call: over an in-memory database filled by the test's seed, with two reps
 * signed in, one limited to some regions and one allowed everywhere, and POST /account/search as
 * either of them.
 */
export interface SearchTestApp {
  db: Db;
  app: FastifyInstance;
  limitedRep: string;
  everywhereRep: string;
  /** POST /api/v1/account/search as `cookie` (the limited rep unless named). */
  search: (request: unknown, cookie?: string) => Promise<LightMyRequestResponse>;
}

const PASSWORD = 'Search-pass1!';

export async function buildSearchTestApp(
  seed: (db: Db) => void,
  options: { now: number; repRegions: string[]; allRegions: string[] },
): Promise<SearchTestApp> {
  const db = openDatabase(':memory:');
  seed(db);
  const users = new UserStore(db);
  const passwordHash = await hashPassword(PASSWORD, { publicPassword: true });
  const rep = {
    firstname: 'R',
    surname: 'Ep',
    role: 'rep',
    accountId: null,
    passwordHash,
    verified: true,
    createdAt: options.now,
  } as const;
  users.insert({ ...rep, email: 'limited@rep.test', allowedRegions: options.repRegions });
  users.insert({ ...rep, email: 'everywhere@rep.test', allowedRegions: options.allRegions });
  const app = await buildApp({ db, now: () => options.now, devEndpoints: false });

  const login = async (email: string): Promise<string> => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/session/login',
      payload: { email, password: PASSWORD },
    });
    const cookie = response.cookies.find((entry) => entry.name === 'ezy_sid');
    if (!cookie) throw new Error(response.body);
    return `ezy_sid=${cookie.value}`;
  };
  const limitedRep = await login('limited@rep.test');
  const everywhereRep = await login('everywhere@rep.test');
  return {
    db,
    app,
    limitedRep,
    everywhereRep,
    search: (request, cookie = limitedRep) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/account/search',
        payload: request as object,
        headers: { cookie },
      }),
  };
}

/** SQLite's plan for a statement, one step a line, to see which indexes it uses. */
export function queryPlan(db: Db, sql: string, params: object): string {
  return (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(params) as { detail: string }[])
    .map((row) => row.detail)
    .join('\n');
}
