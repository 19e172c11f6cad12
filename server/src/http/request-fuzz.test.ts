import type { ApiErrorBody } from '@promo/domain/types';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EMAILS } from '../seed/demo-logins';
import { Prng } from '../seed/prng';
import { demoIdentities } from '../sso/demo-identities';
import { createTestApp, UNTHROTTLED, type TestApp } from '../test-support/test-app';
import { ROLES } from '@promo/domain/api/values';
import type { Role } from '@promo/domain/types';

/**
 * Every route that takes a body, sent generated hostile bodies, signed in and not: none may answer
 * a 5xx, and every refusal is the contract's error body with a reason. Each route also answers 413
 * past its body limit. Throttling is set out of the way here; the routes' own tests cover it.
 */
const BODY_ROUTES = [
  '/session/login',
  '/auth0/get/auth/url',
  '/user/signup',
  '/user/verify/email',
  '/user/forgot/password',
  '/user/reset/password',
  '/user/get',
  '/user/search',
  '/user/update',
  '/account/get',
  '/account/search',
  '/account/opt/into/promotion',
  '/account/confirm/account/association',
  '/account/update/tracking',
  '/account/promotion/update/choices',
  '/audit/log',
  '/block/get',
  '/configuration/get',
  '/promotion/get',
  '/promotion/search',
  '/form-submission/submit',
  '/telemetry',
  '/notifications/preferences',
  '/notifications/email/unsubscribe',
  '/notifications/subscribe',
  '/notifications/unsubscribe',
  '/dev/trading-day',
];

const KEYS = [
  'email',
  'password',
  'env',
  'events',
  'type',
  'remote',
  'version',
  'ids',
  'promotionId',
  'choices',
  'appBadge',
  'subscription',
  'endpoint',
  '__proto__',
  'constructor',
  'a'.repeat(300),
];

/** A JSON value of any shape: wrong types, huge and odd numbers, control characters, deep nesting. */
function hostileValue(prng: Prng, depth = 0): unknown {
  const pick = prng.int(0, depth > 3 ? 5 : 8);
  switch (pick) {
    case 0:
      return null;
    case 1:
      return [0, -1, 1e308, -1e-308, 2 ** 53 + 1, 0.1][prng.int(0, 5)];
    case 2:
      return ['', ' ', '\u0000', '😀'.repeat(50), '<script>', "' OR 1=1 --", 'x'.repeat(5000), 'customer'][
        prng.int(0, 7)
      ];
    case 3:
      return prng.chance(0.5);
    case 4:
      return 'G100001';
    case 5:
      return '/';
    case 6:
      return Array.from({ length: prng.int(0, 60) }, () => hostileValue(prng, depth + 1));
    default:
      return Object.fromEntries(
        Array.from({ length: prng.int(0, 6) }, () => [
          KEYS[prng.int(0, KEYS.length - 1)],
          hostileValue(prng, depth + 1),
        ]),
      );
  }
}

/** A raw body and its type: JSON of any value, broken JSON, text, or a form. */
function hostileBody(prng: Prng): { payload: string; type: string } {
  switch (prng.int(0, 5)) {
    case 0:
      return { payload: '{"events": [', type: 'application/json' };
    case 1:
      return { payload: 'email=a&password=b', type: 'application/x-www-form-urlencoded' };
    case 2:
      return { payload: JSON.stringify(hostileValue(prng)) ?? 'null', type: 'text/plain' };
    default:
      return { payload: JSON.stringify(hostileValue(prng)) ?? 'null', type: 'application/json' };
  }
}

function expectRefusalWithReason(response: LightMyRequestResponse, label: string): void {
  expect(response.statusCode, `${label}: ${response.body}`).toBeLessThan(500);
  if (response.statusCode < 400) return;
  const body = response.json<ApiErrorBody>();
  expect(typeof body.error, label).toBe('string');
  expect(body.message.length, label).toBeGreaterThan(0);
}

let t: TestApp;
let cookies: Record<Role, string | undefined>;
beforeAll(async () => {
  t = await createTestApp({ throttle: UNTHROTTLED, ssoIdentities: demoIdentities() });
  cookies = {
    anonymous: undefined,
    customer: await t.login(DEMO_EMAILS.customer),
    rep: await t.login(DEMO_EMAILS.rep),
  };
});
afterAll(async () => {
  await t.app.close();
});

describe('hostile request bodies', () => {
  it.each(BODY_ROUTES)('POST %s never answers 5xx and refuses with a reason', async (route) => {
    const prng = new Prng(route.length * 7919);
    for (const who of ROLES) {
      for (let round = 0; round < 25; round += 1) {
        const { payload, type } = hostileBody(prng);
        const cookie = cookies[who];
        const response = await t.app.inject({
          method: 'POST',
          url: `/api/v1${route}`,
          headers: { 'content-type': type, ...(cookie ? { cookie } : {}) },
          payload,
        });
        expectRefusalWithReason(response, `${route} as ${who}: ${payload.slice(0, 120)}`);
      }
    }
  });

  it.each(BODY_ROUTES)('POST %s answers 413 past its body limit', async (route) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1${route}`,
      headers: { 'content-type': 'application/json', cookie: cookies.customer ?? '' },
      payload: JSON.stringify({ padding: 'x'.repeat(300 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json<ApiErrorBody>().error).toBe('Payload Too Large');
  });
});
