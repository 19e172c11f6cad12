import type { ApiErrorBody } from '@promo/domain/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EMAILS, DEMO_USER_IDS } from '../seed/demo-logins';
import {
  newSigningKey,
  signIdToken,
  startFakeIssuer,
  type FakeIssuer,
} from '../test-support/fake-oidc-issuer';
import { SsoBrowser } from '../test-support/sso-browser';
import {
  createTestApp,
  ssoReady,
  TEST_ORIGIN,
  TEST_SSO_CLIENT,
  testSsoSettings,
  type TestApp,
} from '../test-support/test-app';
import { SSO_REFUSALS } from './sso-admission';

let fake: FakeIssuer;
let t: TestApp;

beforeAll(async () => {
  fake = await startFakeIssuer();
  t = await createTestApp({ oidc: testSsoSettings(fake.issuer) });
  await ssoReady(t);
});
afterAll(async () => {
  await t.app.close();
  await fake.close();
});

/**
 * Begins a round trip, has the provider answer with the ID token `token` makes from the request's
 * nonce and a sound set of claims, and finishes the round trip as the callback page would.
 */
async function signInWith(token: (claims: Record<string, unknown>) => string) {
  const browser = new SsoBrowser(t);
  const url = await browser.begin();
  const now = Math.floor(Date.now() / 1000);
  fake.idToken = token({
    iss: fake.issuer,
    aud: TEST_SSO_CLIENT.id,
    sub: 'subject-1',
    email: DEMO_EMAILS.rep,
    email_verified: true,
    nonce: url.searchParams.get('nonce'),
    iat: now,
    exp: now + 300,
  });
  const state = url.searchParams.get('state') ?? '';
  return browser.finish(new URL(`${TEST_ORIGIN}/auth0/callback?code=a-code&state=${state}`));
}

function expectRefused(response: Awaited<ReturnType<typeof signInWith>>): void {
  expect(response.statusCode).toBe(400);
  expect(response.json<ApiErrorBody>().message).toBe(SSO_REFUSALS.unverifiable);
  expect(response.cookies.some((cookie) => cookie.name === 'ezy_sid' && cookie.value !== '')).toBe(false);
}

describe('the ID token is checked in full', () => {
  it('signs the rep in with a sound token (the checks below refuse only what is wrong)', async () => {
    const response = await signInWith((claims) => signIdToken(fake.key, claims));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ role: 'rep', userid: DEMO_USER_IDS.rep });
  });

  it("refuses a token signed with a key that is not in the provider's JWKS", async () => {
    const stranger = { ...newSigningKey(), kid: fake.key.kid };
    expectRefused(await signInWith((claims) => signIdToken(stranger, claims)));
  });

  it('refuses a token for another audience', async () => {
    expectRefused(await signInWith((claims) => signIdToken(fake.key, { ...claims, aud: 'another-app' })));
  });

  it('refuses a token from another issuer', async () => {
    expectRefused(
      await signInWith((claims) => signIdToken(fake.key, { ...claims, iss: 'https://other.example' })),
    );
  });

  it('refuses a token whose nonce is not the round trip’s', async () => {
    expectRefused(await signInWith((claims) => signIdToken(fake.key, { ...claims, nonce: 'another-nonce' })));
  });

  it('refuses an expired token', async () => {
    const now = Math.floor(Date.now() / 1000);
    expectRefused(
      await signInWith((claims) => signIdToken(fake.key, { ...claims, iat: now - 7200, exp: now - 3600 })),
    );
  });

  it('refuses an e-mail whose email_verified is not the value true', async () => {
    const response = await signInWith((claims) =>
      signIdToken(fake.key, { ...claims, email_verified: 'true' }),
    );
    expect(response.json<ApiErrorBody>().message).toBe(SSO_REFUSALS.unverified(DEMO_EMAILS.rep));
  });

  it('refuses a token with no e-mail', async () => {
    const response = await signInWith((claims) => signIdToken(fake.key, { ...claims, email: undefined }));
    expect(response.json<ApiErrorBody>().message).toBe(SSO_REFUSALS.noEmail);
  });
});
