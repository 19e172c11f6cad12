import { gunzipSync } from 'node:zlib';
import type { BriefcasePage } from '@promo/domain/api/briefcase.schema';
import { buildApp } from '../app';
import { openDatabase } from '../db/open-database';
import { DEMO_EMAILS, DEMO_PASSWORD } from '../seed/demo-logins';
import { seedDemoData } from '../seed/seed-database';

/** The rep's briefcase as the demo rep for every region downloads it (docs/decisions/047-rep-briefcase.md). */
export interface BriefcaseServer {
  /** Where the API listens, for a browser to download the briefcase from. */
  origin: string;
  /** The demo rep's session cookie. */
  cookie: { name: string; value: string };
  /** Every page with the demo data: how many requests, customers, and bytes as sent and unpacked. */
  bytes: { requests: number; customers: number; gzip: number; json: number };
  close: () => Promise<void>;
}

/**
 * The reference server over a fresh demo database (the seed's ~2,400 customers), listening on
 * `port` of 127.0.0.1, with the demo rep for every region signed in. The bytes are the gzip answers
 * of every POST /briefcase/page, as a browser asking for gzip is sent them.
 */
export async function serveBriefcase(options: { port: number; now?: number }): Promise<BriefcaseServer> {
  const now = options.now ?? Date.now();
  const origin = `http://127.0.0.1:${options.port}`;
  const db = openDatabase(':memory:');
  await seedDemoData(db, { now });
  const app = await buildApp({ db, now: () => now, devEndpoints: false, publicOrigin: origin });
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/session/login',
    payload: { email: DEMO_EMAILS.rep, password: DEMO_PASSWORD },
  });
  const cookie = login.cookies.find((entry) => entry.name === 'ezy_sid');
  if (!cookie) throw new Error(`Could not sign in as ${DEMO_EMAILS.rep}: ${login.body}`);
  const bytes = { requests: 0, customers: 0, gzip: 0, json: 0 };
  let after: string | null = null;
  do {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/briefcase/page',
      headers: { cookie: `ezy_sid=${cookie.value}`, 'accept-encoding': 'gzip', origin },
      payload: { branchID: [], ...(after ? { after } : {}) },
    });
    if (response.statusCode !== 200) throw new Error(`POST /briefcase/page: ${response.statusCode}`);
    const page = JSON.parse(gunzipSync(response.rawPayload).toString()) as BriefcasePage;
    bytes.requests += 1;
    bytes.customers += page.accounts.length;
    bytes.gzip += response.rawPayload.length;
    bytes.json += JSON.stringify(page).length;
    after = page.next;
  } while (after !== null);
  await app.listen({ host: '127.0.0.1', port: options.port });
  return { origin, cookie: { name: cookie.name, value: cookie.value }, bytes, close: () => app.close() };
}
