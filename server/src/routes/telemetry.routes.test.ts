import type { ApiErrorBody } from '@promo/domain/types';
import type { ReleaseReport } from '@promo/domain/release-health/release-report.schema';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { summarizeReleaseHealth } from '../release-health/release-health';
import type { RegistryDocument } from '../release-health/release-registries';
import { DEMO_EMAILS } from '../seed/demo-logins';
import { createTestApp, TEST_NOW, type TestApp } from '../test-support/test-app';

const CHROME_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

const report: ReleaseReport = {
  env: 'bnt-stage',
  events: [
    { type: 'page-view', remote: 'customer', version: '1.4.2', route: '/promotions/:promotionId' },
    { type: 'load-failure', remote: 'customer', version: '1.4.3', stage: 'module', message: 'boom' },
    { type: 'fallback', remote: 'customer', from: '1.4.3', to: '1.4.2' },
    {
      type: 'crash',
      remote: 'customer',
      version: '1.4.2',
      route: '/',
      name: 'TypeError',
      message: 'x is undefined',
      stack:
        'TypeError: x is undefined\n    at Page (https://cdn.test/customer/1.4.2/static/js/page.js:1:200)',
    },
    { type: 'vital', remote: 'customer', version: '1.4.2', route: '/', name: 'LCP', value: 2100 },
  ],
};

const manifest = (version: string) => `https://cdn.test/customer/${version}/mf-manifest.json`;
const iso = (time: number) => new Date(time).toISOString();

/** bnt-stage's registry: 1.4.2 current and good for an hour, 1.4.3 staged ten minutes ago. */
function bntStage(): RegistryDocument {
  return {
    remotes: {
      customer: {
        version: '1.4.2',
        manifest: manifest('1.4.2'),
        since: iso(TEST_NOW - 3_600_000),
        lastGood: { version: '1.4.2', manifest: manifest('1.4.2'), since: iso(TEST_NOW - 3_600_000) },
        staged: {
          version: '1.4.3',
          manifest: manifest('1.4.3'),
          percent: 10,
          since: iso(TEST_NOW - 600_000),
        },
      },
    },
    history: { customer: ['1.4.1'] },
  };
}

let t: TestApp;
let registries: Record<string, RegistryDocument>;
beforeEach(async () => {
  registries = { 'bnt-stage': bntStage() };
  t = await createTestApp({ throttle: { telemetryPerAddress: { max: 3, windowMs: 60_000 } }, registries });
});
afterEach(async () => {
  await t.app.close();
});

function send(body: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/telemetry',
    headers: { 'user-agent': CHROME_UA, 'x-forwarded-for': '203.0.113.7', ...headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

describe('POST /telemetry', () => {
  it('stores a report without a session, with the engine read from the User-Agent', async () => {
    const response = await send(report, { 'content-type': 'application/json' });
    expect(response.statusCode, response.body).toBe(204);
    const [current, failing] = summarizeReleaseHealth(t.db, { env: 'bnt-stage' }).sort((a, b) =>
      a.version.localeCompare(b.version),
    );
    expect(current).toMatchObject({ version: '1.4.2', pageViews: 1, crashes: 1, lcpP75: 2100 });
    expect(current?.failingEngines).toEqual([{ engine: 'Chromium 131', failures: 1 }]);
    expect(failing).toMatchObject({
      version: '1.4.3',
      pageViews: 0,
      loadFailures: 1,
      fallbacks: 1,
      failureRate: 1,
    });
  });

  it('reads a text/plain body, as navigator.sendBeacon sends a string', async () => {
    const response = await send(JSON.stringify(report), { 'content-type': 'text/plain;charset=UTF-8' });
    expect(response.statusCode, response.body).toBe(204);
    expect(summarizeReleaseHealth(t.db).length).toBe(2);
  });

  it.each([
    ['{"env": "local", "events": [', 'body: Malformed JSON'],
    [{ env: 'local' }, 'events: Required'],
    [{ env: 'local', events: [] }, 'events: Required'],
    [{ env: 'https://evil.test', events: report.events }, 'env: Not an environment id'],
    [{ env: 'ezy-live', events: report.events }, 'env: Not an environment of this product'],
    [
      { env: 'local', events: [{ type: 'page-view', remote: 'customer', version: '1', route: '/a?id=7' }] },
      'events.0.route: Not a route template',
    ],
    [
      { env: 'local', events: [{ type: 'page-view', remote: 'other', version: '1', route: '/' }] },
      'events.0.remote: Invalid option: expected one of "public"|"customer"|"salesrep"',
    ],
    [
      {
        env: 'local',
        events: [{ type: 'page-view', remote: 'customer', version: '1', route: '/', email: 'a@b.c' }],
      },
      'events.0: Unrecognized key: "email"',
    ],
    [
      { env: 'local', events: Array.from({ length: 51 }, () => report.events[0]) },
      'events: Too big: expected array to have <=50 items',
    ],
  ])('answers 400 with the reason for %j', async (body, message) => {
    const response = await send(body, {
      'content-type': typeof body === 'string' ? 'text/plain' : 'application/json',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiErrorBody>()).toEqual({ error: 'Bad Request', message });
    expect(summarizeReleaseHealth(t.db)).toEqual([]);
  });

  it('answers a body over 32 KB with 413, before storing anything', async () => {
    const crash = { ...report.events[3], message: 'm'.repeat(300), stack: 's'.repeat(1200) };
    const response = await send(
      { env: 'local', events: Array.from({ length: 40 }, () => crash) },
      { 'content-type': 'application/json' },
    );
    expect(response.statusCode).toBe(413);
    expect(response.json<ApiErrorBody>().error).toBe('Payload Too Large');
    expect(summarizeReleaseHealth(t.db)).toEqual([]);
  });

  it('answers 429 with Retry-After past the per-address limit, malformed requests counted too', async () => {
    expect((await send('not json', { 'content-type': 'text/plain' })).statusCode).toBe(400);
    expect((await send(report, { 'content-type': 'application/json' })).statusCode).toBe(204);
    expect((await send(report, { 'content-type': 'application/json' })).statusCode).toBe(204);
    const refused = await send(report, { 'content-type': 'application/json' });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('60');
    expect(refused.json<ApiErrorBody>().message).toBe('Too many reports. Try again in 1 minute.');
    // Another address is not affected; the window closes after a minute.
    expect(
      (await send(report, { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.8' }))
        .statusCode,
    ).toBe(204);
    t.clock.now += 60_000;
    expect((await send(report, { 'content-type': 'application/json' })).statusCode).toBe(204);
  });

  it('refuses a report from another site', async () => {
    const response = await send(report, { 'content-type': 'application/json', origin: 'https://evil.test' });
    expect(response.statusCode).toBe(403);
  });

  const rows = () =>
    t.db.prepare('SELECT version, kind, reporter, signed FROM release_events ORDER BY id').all() as {
      version: string;
      kind: string;
      reporter: string;
      signed: number;
    }[];
  const json = { 'content-type': 'application/json' };

  it('counts only versions the registry names, received since they entered it', async () => {
    const view = (version: string) => ({ type: 'page-view', remote: 'customer', version, route: '/' });
    const events = [view('1.4.1'), view('1.4.2'), view('1.4.3'), view('1.4.4'), view('9.9.9')];
    expect((await send({ env: 'bnt-stage', events }, json)).statusCode).toBe(204);
    // The previous (history's last), current and staged versions; not a version never deployed.
    expect(rows().map((row) => row.version)).toEqual(['1.4.1', '1.4.2', '1.4.3']);

    // A version staged in the registry's future (a clock ahead) counts from then on, not before.
    registries['bnt-stage']!.remotes!.customer!.staged!.since = iso(TEST_NOW + 60_000);
    registries['bnt-stage']!.remotes!.customer!.staged!.version = '1.4.4';
    await send({ env: 'bnt-stage', events: [view('1.4.4')] }, json);
    expect(rows().map((row) => row.version)).not.toContain('1.4.4');
    t.clock.now += 61_000;
    await send({ env: 'bnt-stage', events: [view('1.4.4')] }, json);
    expect(rows().filter((row) => row.version === '1.4.4')).toHaveLength(1);

    // An environment with no registry takes nothing, and says nothing of it.
    expect((await send({ env: 'atl-dev', events: [view('1.4.2')] }, json)).statusCode).toBe(204);
    expect(summarizeReleaseHealth(t.db, { env: 'atl-dev' })).toEqual([]);
  });

  it('counts a signed-in page as its user, whatever session or address, and an anonymous one as its address', async () => {
    const event = { type: 'page-view', remote: 'customer', version: '1.4.2', route: '/' };
    const body = { env: 'bnt-stage', events: [event] };
    const first = await t.login(DEMO_EMAILS.customer);
    const second = await t.login(DEMO_EMAILS.customer);
    const rep = await t.login(DEMO_EMAILS.rep);
    await send(body, { ...json, cookie: first });
    await send(body, { ...json, cookie: second, 'x-forwarded-for': '198.51.100.1' });
    await send(body, { ...json, cookie: rep });
    await send(body, json);
    t.clock.now += 60_000;
    await send(body, { ...json, cookie: 'ezy_sid=made-up' });
    const stored = rows();
    expect(stored.map((row) => row.signed)).toEqual([1, 1, 1, 0, 0]);
    expect(new Set(stored.map((row) => row.reporter)).size).toBe(3);
    expect(stored[0]!.reporter).toBe(stored[1]!.reporter);
    expect(stored[3]!.reporter).toBe(stored[4]!.reporter);
    // A pseudonym: it names neither the user nor the address.
    expect(JSON.stringify(stored)).not.toMatch(/customer|203\.0\.113/);
    // The body cannot name a reporter.
    const chosen = await send({ ...body, reporter: 'someone-else' }, json);
    expect(chosen.statusCode).toBe(400);
    expect(chosen.json<ApiErrorBody>().message).toBe('body: Unrecognized key: "reporter"');
  });

  it('stores no more than the caps, per reporter and version, and anonymous per version', async () => {
    await t.app.close();
    t = await createTestApp({
      registries,
      throttle: { telemetryPerAddress: { max: 1000, windowMs: 60_000 } },
      reportCaps: { perReporterVersionPerHour: 5, anonymousPerVersionPerMinute: 8 },
    });
    const views = (count: number) => ({
      env: 'bnt-stage',
      events: Array.from({ length: count }, () => ({
        type: 'page-view',
        remote: 'customer',
        version: '1.4.3',
        route: '/',
      })),
    });
    expect((await send(views(20), json)).statusCode).toBe(204);
    expect(rows()).toHaveLength(5);
    // Another address: its own 5 an hour, but the version's anonymous cap (8 a minute) ends it at 3.
    await send(views(20), { ...json, 'x-forwarded-for': '203.0.113.9' });
    expect(rows()).toHaveLength(8);
    // A signed-in person is not held back by the anonymous flood.
    const cookie = await t.login(DEMO_EMAILS.customer);
    await send(views(20), { ...json, cookie });
    expect(rows().filter((row) => row.signed === 1)).toHaveLength(5);
    // The windows pass.
    t.clock.now += 3_600_000;
    await send(views(2), json);
    expect(rows()).toHaveLength(15);
  });

  it('reads the registry again when a report names a version it has not seen', async () => {
    const view = { type: 'page-view', remote: 'customer', version: '1.5.0', route: '/' };
    await send({ env: 'bnt-stage', events: [view] }, json);
    expect(rows()).toEqual([]);
    registries['bnt-stage']!.remotes!.customer!.staged = {
      version: '1.5.0',
      manifest: manifest('1.5.0'),
      percent: 0,
      since: iso(TEST_NOW),
    };
    await send({ env: 'bnt-stage', events: [view] }, json);
    expect(rows().map((row) => row.version)).toEqual(['1.5.0']);
  });
});
