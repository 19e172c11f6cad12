import type { ApiErrorBody } from '@promo/domain/types';
import type { ReleaseReport } from '@promo/domain/release-health/release-report';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { summarizeReleaseHealth } from '../release-health/release-health';
import { createTestApp, type TestApp } from '../test-support/test-app';

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

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ throttle: { telemetryPerAddress: { max: 3, windowMs: 60_000 } } });
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
});
