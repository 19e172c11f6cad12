import type { ApiErrorBody } from '@promo/domain/types';
import type { ReleaseReport } from '@promo/domain/release-health/release-report.schema';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { summarizeReleaseHealth } from '../release-health/release-health';
import type { RegistryDocument } from '../release-health/release-registries';
import { DEMO_EMAILS } from '../seed/demo-logins';
import { deviceOf, peopleOf } from '../test-support/release-test-people';
import { createTestApp, TEST_NOW, type TestApp } from '../test-support/test-app';

const CHROME_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

const manifest = (remote: string, version: string) =>
  `https://cdn.test/${remote}/${version}/mf-manifest.json`;
const iso = (time: number) => new Date(time).toISOString();
const HOUR = 3_600_000;

/** A remote's entry: `current` good for an hour, `staged` at `percent` staged ten minutes ago. */
function entry(remote: string, current: string, staged: string, percent: number) {
  const ref = (version: string, since: number) => ({
    version,
    manifest: manifest(remote, version),
    since: iso(since),
  });
  return {
    ...ref(current, TEST_NOW - HOUR),
    lastGood: ref(current, TEST_NOW - HOUR),
    staged: { ...ref(staged, TEST_NOW - 600_000), percent },
  };
}

/** bnt-stage's registry: each remote with a version staged at 10 % beside its good current one. */
function bntStage(): RegistryDocument {
  return {
    remotes: {
      public: entry('public', '3.0.0', '3.0.1', 10),
      customer: entry('customer', '1.4.2', '1.4.3', 10),
      salesrep: entry('salesrep', '2.0.0', '2.0.1', 10),
    },
  };
}

/** A browser the public remote's 10 % rollout of 3.0.1 places in, and one it leaves out. */
const IN_ROLLOUT = deviceOf('public', '3.0.1', 10);
const OUT_OF_ROLLOUT = deviceOf('public', '3.0.1', 10, false);

/** A browser in the public remote's rollout: 3.0.1 fails to load, the shell falls back to 3.0.0. */
const report: ReleaseReport = {
  env: 'bnt-stage',
  device: IN_ROLLOUT,
  events: [
    { type: 'load-failure', remote: 'public', version: '3.0.1', stage: 'module', message: 'boom' },
    { type: 'fallback', remote: 'public', from: '3.0.1', to: '3.0.0' },
    { type: 'page-view', remote: 'public', version: '3.0.0', route: '/login' },
    {
      type: 'crash',
      remote: 'public',
      version: '3.0.0',
      route: '/login',
      name: 'TypeError',
      message: 'x is undefined',
      stack: 'TypeError: x is undefined\n    at Page (https://cdn.test/public/3.0.0/static/js/page.js:1:200)',
    },
    { type: 'vital', remote: 'public', version: '3.0.0', route: '/login', name: 'LCP', value: 2100 },
  ],
};

let t: TestApp;
let registries: Record<string, RegistryDocument>;
beforeEach(async () => {
  registries = { 'bnt-stage': bntStage() };
  t = await createTestApp({ throttle: { telemetryPerAddress: { max: 3, windowMs: 60_000 } }, registries });
});
afterEach(async () => {
  await t.app.close();
});

function sendFrom(body: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/telemetry',
    headers: { 'user-agent': CHROME_UA, 'x-forwarded-for': '203.0.113.7', ...headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const send = sendFrom;

describe('POST /telemetry', () => {
  it('stores a report without a session, with the engine read from the User-Agent', async () => {
    const response = await send(report, { 'content-type': 'application/json' });
    expect(response.statusCode, response.body).toBe(204);
    const [current, failing] = summarizeReleaseHealth(t.db, { env: 'bnt-stage' }).sort((a, b) =>
      a.version.localeCompare(b.version),
    );
    expect(current).toMatchObject({ version: '3.0.0', pageViews: 1, crashes: 1, lcpP75: 2100 });
    expect(current?.failingEngines).toEqual([{ engine: 'Chromium 131', failures: 1 }]);
    expect(failing).toMatchObject({
      version: '3.0.1',
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

  const view = (remote: string, version: string) => ({ type: 'page-view', remote, version, route: '/' });

  it('counts only versions the registry names, received since they entered it', async () => {
    const events = ['2.9.9', '3.0.0', '3.0.1', '3.0.2', '9.9.9'].map((version) => view('public', version));
    expect((await send({ env: 'bnt-stage', device: IN_ROLLOUT, events }, json)).statusCode).toBe(204);
    // The staged version this browser is served, and the current, last good one it falls back to;
    // not a version before them, nor one never deployed.
    expect(rows().map((row) => row.version)).toEqual(['3.0.0', '3.0.1']);

    // A version staged in the registry's future (a clock ahead) counts from then on, not before.
    const publicEntry = registries['bnt-stage']!.remotes!.public!;
    publicEntry.staged = {
      ...publicEntry.staged!,
      version: '3.0.2',
      percent: 100,
      since: iso(TEST_NOW + 60_000),
    };
    await send({ env: 'bnt-stage', device: IN_ROLLOUT, events: [view('public', '3.0.2')] }, json);
    expect(rows().map((row) => row.version)).not.toContain('3.0.2');
    t.clock.now += 61_000;
    await send({ env: 'bnt-stage', device: IN_ROLLOUT, events: [view('public', '3.0.2')] }, json);
    expect(rows().filter((row) => row.version === '3.0.2')).toHaveLength(1);

    // An environment with no registry takes nothing, and says nothing of it.
    expect((await send({ env: 'atl-dev', events: [view('public', '3.0.0')] }, json)).statusCode).toBe(204);
    expect(summarizeReleaseHealth(t.db, { env: 'atl-dev' })).toEqual([]);
  });

  it('counts a signed-in page as its user, whatever session or address, and an anonymous one as its address', async () => {
    const body = { env: 'bnt-stage', device: OUT_OF_ROLLOUT, events: [view('public', '3.0.0')] };
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
    // A pseudonym: it names neither the user nor the address, and the device id is not kept.
    expect(JSON.stringify(stored)).not.toMatch(/customer|203\.0\.113|device-/);
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
      device: IN_ROLLOUT,
      events: Array.from({ length: count }, () => view('public', '3.0.1')),
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
    const event = view('public', '3.1.0');
    await send({ env: 'bnt-stage', device: OUT_OF_ROLLOUT, events: [event] }, json);
    expect(rows()).toEqual([]);
    registries['bnt-stage']!.remotes!.public!.staged = {
      version: '3.1.0',
      manifest: manifest('public', '3.1.0'),
      percent: 100,
      since: iso(TEST_NOW),
    };
    await send({ env: 'bnt-stage', device: OUT_OF_ROLLOUT, events: [event] }, json);
    expect(rows().map((row) => row.version)).toEqual(['3.1.0']);
  });
});

describe('POST /telemetry counts a version only for the people it reached', () => {
  const stored = () =>
    t.db.prepare('SELECT remote, version, signed FROM release_events ORDER BY id').all() as {
      remote: string;
      version: string;
      signed: number;
    }[];
  const json = { 'content-type': 'application/json' };
  const view = (remote: string, version: string) => ({ type: 'page-view', remote, version, route: '/' });
  // Each report from an address of its own: these tests are not about the per-address throttle.
  let addresses = 0;
  const send = (body: unknown, headers: Record<string, string>) => {
    addresses += 1;
    return sendFrom(body, { 'x-forwarded-for': `198.51.100.${addresses}`, ...headers });
  };

  it('counts a signed-in customer for the version the staged rollout serves them, placed by their user, whatever device the body names', async () => {
    const placed = { remote: 'customer', version: '1.4.3', percent: 10 };
    const [inside] = peopleOf(t.db, TEST_NOW, 'customer', 1, { ...placed, inRollout: true });
    const [outside] = peopleOf(t.db, TEST_NOW, 'customer', 1, { ...placed, inRollout: false });
    const body = {
      env: 'bnt-stage',
      device: deviceOf('customer', '1.4.3', 10),
      events: [view('customer', '1.4.3')],
    };
    await send(body, { ...json, cookie: inside!.cookie });
    // A device id in the rollout does not move a person the rollout leaves out.
    await send(body, { ...json, cookie: outside!.cookie });
    expect(stored()).toEqual([{ remote: 'customer', version: '1.4.3', signed: 1 }]);
    // Both run the current version when it is theirs or their fallback from the staged one.
    await send(
      { env: 'bnt-stage', events: [view('customer', '1.4.2')] },
      { ...json, cookie: outside!.cookie },
    );
    expect(stored()).toHaveLength(2);
  });

  it("counts nobody outside a remote's audience: anonymous pages and customers on the salesrep remote, reps on the customer remote", async () => {
    const customer = await t.login(DEMO_EMAILS.customer);
    const rep = await t.login(DEMO_EMAILS.rep);
    await send({ env: 'bnt-stage', events: [view('salesrep', '2.0.0')] }, { ...json, cookie: customer });
    await send({ env: 'bnt-stage', events: [view('customer', '1.4.2')] }, { ...json, cookie: rep });
    await send({ env: 'bnt-stage', events: [view('customer', '1.4.2'), view('salesrep', '2.0.0')] }, json);
    expect(stored()).toEqual([]);
    await send({ env: 'bnt-stage', events: [view('salesrep', '2.0.0')] }, { ...json, cookie: rep });
    await send({ env: 'bnt-stage', events: [view('customer', '1.4.2')] }, { ...json, cookie: customer });
    expect(stored()).toEqual([
      { remote: 'salesrep', version: '2.0.0', signed: 1 },
      { remote: 'customer', version: '1.4.2', signed: 1 },
    ]);
  });

  it('counts nobody for a version staged at 0 %: only previews open it', async () => {
    registries['bnt-stage']!.remotes!.customer!.staged!.percent = 0;
    for (const { cookie } of peopleOf(t.db, TEST_NOW, 'customer', 5))
      await send({ env: 'bnt-stage', events: [view('customer', '1.4.3')] }, { ...json, cookie });
    await send({ env: 'bnt-stage', device: IN_ROLLOUT, events: [view('public', '3.0.1')] }, json);
    registries['bnt-stage']!.remotes!.public!.staged!.percent = 0;
    await send({ env: 'bnt-stage', device: IN_ROLLOUT, events: [view('public', '3.0.1')] }, json);
    expect(stored()).toEqual([{ remote: 'public', version: '3.0.1', signed: 0 }]);
  });

  it('counts an anonymous page of a rollout only for the version its device is served, and none without a device', async () => {
    await send({ env: 'bnt-stage', device: OUT_OF_ROLLOUT, events: [view('public', '3.0.1')] }, json);
    await send({ env: 'bnt-stage', events: [view('public', '3.0.1'), view('public', '3.0.0')] }, json);
    expect(stored()).toEqual([]);
    await send({ env: 'bnt-stage', device: OUT_OF_ROLLOUT, events: [view('public', '3.0.0')] }, json);
    expect(stored()).toEqual([{ remote: 'public', version: '3.0.0', signed: 0 }]);
  });

  it("checks the shell's crashes against the registry's shell entry, as every remote's", async () => {
    const crash = {
      type: 'crash',
      remote: 'shell',
      version: '6.6.6-attacker-21',
      route: '/',
      name: 'Error',
      message: 'made up',
      stack: '',
    };
    await send({ env: 'bnt-stage', events: [crash] }, json);
    expect(stored()).toEqual([]);
    const shell = { version: '2026.12.01', manifest: 'https://cdn.test/shell/2026.12.01/index.html' };
    registries['bnt-stage']!.remotes!.shell = { ...shell, lastGood: shell };
    await send({ env: 'bnt-stage', events: [crash, { ...crash, version: '2026.12.01' }] }, json);
    expect(stored()).toEqual([{ remote: 'shell', version: '2026.12.01', signed: 0 }]);
    expect(summarizeReleaseHealth(t.db).map((row) => row.version)).not.toContain('6.6.6-attacker-21');
  });
});
