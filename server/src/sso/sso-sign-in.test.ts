import type { ApiErrorBody } from '@promo/domain/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SSO_ROUND_TRIP_REFUSALS } from './sso-store';
import { DEMO_EMAILS, DEMO_PASSWORD, DEMO_USER_IDS } from '../seed/demo-logins';
import { SsoBrowser } from '../test-support/sso-browser';
import {
  createTestApp,
  sessionCookieOf,
  ssoReady,
  TEST_ORIGIN,
  TEST_SSO_CLIENT,
  testSsoSettings,
  type TestApp,
} from '../test-support/test-app';
import { startLocalProvider, type LocalIdentity } from './local-provider';
import { SSO_NOT_CONFIGURED, SSO_REFUSALS, SSO_UNAVAILABLE } from './sso-admission';

const identities: LocalIdentity[] = [
  { email: DEMO_EMAILS.rep, password: DEMO_PASSWORD },
  // The provider writes the address its own way: the app matches it without regard to case.
  { email: 'Rep.North@Demo.Test', password: DEMO_PASSWORD },
  { email: DEMO_EMAILS.customer, password: DEMO_PASSWORD },
  { email: 'new.rep@demo.test', password: DEMO_PASSWORD },
  { email: 'unverified@demo.test', password: DEMO_PASSWORD, emailVerified: false },
];

let t: TestApp;
let issuer: string;

function message(response: { json: <T>() => T }): string {
  return response.json<ApiErrorBody>().message;
}

beforeAll(async () => {
  t = await createTestApp({ ssoIdentities: identities });
  issuer = t.ssoIssuer ?? '';
});
afterAll(async () => {
  await t.app.close();
});

describe('single sign-on through an OpenID provider', () => {
  it('sends the browser to the provider with the code flow, PKCE (S256), state and nonce', async () => {
    const url = await new SsoBrowser(t).begin();
    expect(url.origin).toBe(issuer);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: TEST_SSO_CLIENT.id,
      response_type: 'code',
      redirect_uri: `${TEST_ORIGIN}/auth0/callback`,
      scope: 'openid email profile',
      code_challenge_method: 'S256',
    });
    for (const param of ['state', 'nonce', 'code_challenge'])
      expect(url.searchParams.get(param)).toMatch(/^.{32,}$/);
  });

  it('binds the round trip to the browser with an HttpOnly SameSite=Lax cookie for the sign-in only', async () => {
    const response = await t.post('/api/v1/auth0/get/auth/url', {});
    const cookie = response.cookies.find((entry) => entry.name === 'ezy_sso');
    expect(cookie).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      path: '/api/v1/session/login',
      maxAge: 600,
    });
  });

  it("signs a rep in after they sign in on the provider's page", async () => {
    const browser = new SsoBrowser(t);
    const callback = await browser.signInAtProvider(DEMO_EMAILS.rep, DEMO_PASSWORD);
    expect(callback.pathname).toBe('/auth0/callback');
    expect(callback.searchParams.get('iss')).toBe(issuer);
    const response = await browser.finish(callback);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ role: 'rep', userid: DEMO_USER_IDS.rep });
    expect(response.cookies.some((cookie) => cookie.name === 'ezy_sid' && cookie.httpOnly)).toBe(true);
  });

  it("signs out at the provider too: the sign-out answers the provider's end-session URL, which returns to /login", async () => {
    const browser = new SsoBrowser(t);
    const signedIn = await browser.finish(await browser.signInAtProvider(DEMO_EMAILS.rep, DEMO_PASSWORD));
    const logout = await t.get('/api/v1/session/logout', sessionCookieOf(signedIn));
    const { endSessionUrl } = logout.json<{ ok: boolean; endSessionUrl: string }>();
    const url = new URL(endSessionUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${issuer}/session/end`);
    expect(url.searchParams.get('id_token_hint')).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe(`${TEST_ORIGIN}/login`);
    expect(url.searchParams.get('client_id')).toBe(TEST_SSO_CLIENT.id);

    const confirm = await browser.follow(url);
    const html = (await confirm.page?.text()) ?? '';
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1] ?? '';
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
    const back = await browser.follow(new URL(action, confirm.at), { xsrf, logout: 'yes' });
    expect(back.callback?.href).toBe(`${TEST_ORIGIN}/login`);
    // The provider's session is over: the next round trip asks for the password again.
    expect((await browser.loginPage()).html).toContain('name="password"');
  });

  it('answers no end-session URL for a session begun with a password', async () => {
    const logout = await t.get('/api/v1/session/logout', await t.login(DEMO_EMAILS.rep));
    expect(logout.json()).toEqual({ ok: true });
  });

  it("matches the provider's e-mail to a rep without regard to case", async () => {
    const browser = new SsoBrowser(t);
    const response = await browser.finish(
      await browser.signInAtProvider('rep.north@demo.test', DEMO_PASSWORD),
    );
    expect(response.json()).toEqual({ role: 'rep', userid: DEMO_USER_IDS.repNorth });
  });

  it("signs in at the provider only with the person's own password", async () => {
    const browser = new SsoBrowser(t);
    const { action } = await browser.loginPage();
    const wrong = await browser.follow(action, { email: DEMO_EMAILS.rep, password: 'not-the-password' });
    expect(wrong.callback).toBeUndefined();
    expect(wrong.page?.status).toBe(401);
    expect(await wrong.page?.text()).toContain('Wrong e-mail address or password.');
    const stranger = await browser.follow(action, { email: 'anyone@else.test', password: DEMO_PASSWORD });
    expect(stranger.page?.status).toBe(401);
  });

  it("refuses a customer's e-mail: customers sign in with a password", async () => {
    const browser = new SsoBrowser(t);
    const response = await browser.finish(
      await browser.signInAtProvider(DEMO_EMAILS.customer, DEMO_PASSWORD),
    );
    expect(response.statusCode).toBe(400);
    expect(message(response)).toBe(SSO_REFUSALS.customer(DEMO_EMAILS.customer));
    expect(message(response)).toContain('Customers sign in with their e-mail address and password');
  });

  it('refuses an e-mail no rep has, and tells the person what to do', async () => {
    const browser = new SsoBrowser(t);
    const response = await browser.finish(await browser.signInAtProvider('new.rep@demo.test', DEMO_PASSWORD));
    expect(response.statusCode).toBe(400);
    expect(message(response)).toBe(
      'No sales rep in Ezy Rewards has the e-mail address new.rep@demo.test. If you are a sales rep, ask your ' +
        'Ezy Rewards administrator to add you with this address, then choose "Sign In with SSO" again.',
    );
  });

  it('refuses an e-mail the provider has not verified', async () => {
    const browser = new SsoBrowser(t);
    const response = await browser.finish(
      await browser.signInAtProvider('unverified@demo.test', DEMO_PASSWORD),
    );
    expect(response.statusCode).toBe(400);
    expect(message(response)).toBe(SSO_REFUSALS.unverified('unverified@demo.test'));
  });

  it('returns a provider error (access_denied) to the callback page when the person cancels', async () => {
    const browser = new SsoBrowser(t);
    const { html, at } = await browser.loginPage();
    const cancel = /<a class="cancel" href="([^"]+)"/.exec(html)?.[1] ?? '';
    const back = await browser.follow(new URL(cancel, at));
    expect(back.callback?.pathname).toBe('/auth0/callback');
    expect(back.callback?.searchParams.get('error')).toBe('access_denied');
    expect(back.callback?.searchParams.get('error_description')).toBe(
      'The sign-in was cancelled at the identity provider.',
    );
  });

  it('refuses a replayed callback URL', async () => {
    const browser = new SsoBrowser(t);
    const callback = await browser.signInAtProvider(DEMO_EMAILS.rep, DEMO_PASSWORD);
    expect((await browser.finish(callback)).statusCode).toBe(200);
    const replay = await browser.finish(callback);
    expect(replay.statusCode).toBe(400);
    expect(message(replay)).toBe(SSO_ROUND_TRIP_REFUSALS.used);
  });

  it('refuses a state from another browser, and spends it', async () => {
    const browser = new SsoBrowser(t);
    const callback = await browser.signInAtProvider(DEMO_EMAILS.rep, DEMO_PASSWORD);
    const elsewhere = await browser.finish(callback, 'ezy_sso=a-cookie-of-another-round-trip');
    expect(message(elsewhere)).toBe(SSO_ROUND_TRIP_REFUSALS.otherBrowser);
    const noCookie = await browser.finish(callback, '');
    expect(message(noCookie)).toBe(SSO_ROUND_TRIP_REFUSALS.used);
    expect(message(await browser.finish(callback))).toBe(SSO_ROUND_TRIP_REFUSALS.used);
  });

  it('refuses a round trip finished more than ten minutes after it began', async () => {
    const browser = new SsoBrowser(t);
    const callback = await browser.signInAtProvider(DEMO_EMAILS.rep, DEMO_PASSWORD);
    const start = t.clock.now;
    t.clock.now = start + 10 * 60 * 1000 + 1;
    try {
      expect(message(await browser.finish(callback))).toBe(SSO_ROUND_TRIP_REFUSALS.expired);
    } finally {
      t.clock.now = start;
    }
  });

  it('refuses a state it never issued', async () => {
    const browser = new SsoBrowser(t);
    await browser.begin();
    const response = await browser.finish(
      new URL(`${TEST_ORIGIN}/auth0/callback?code=abc&state=forged-state`),
    );
    expect(message(response)).toBe(SSO_ROUND_TRIP_REFUSALS.unknown);
  });

  it("refuses a code the provider did not issue, saying the provider's answer could not be verified", async () => {
    const browser = new SsoBrowser(t);
    const callback = await browser.signInAtProvider(DEMO_EMAILS.rep, DEMO_PASSWORD);
    callback.searchParams.set('code', 'guessed-code');
    const response = await browser.finish(callback);
    expect(response.statusCode).toBe(400);
    expect(message(response)).toBe(SSO_REFUSALS.unverifiable);
  });

  it('accepts only a site path as returnTo', async () => {
    const response = await t.post('/api/v1/auth0/get/auth/url', { returnTo: '//evil.example/steal' });
    expect(response.statusCode).toBe(400);
    expect(message(response)).toBe('returnTo: Must be a path starting with /');
  });

  it('validates the sign-in body, naming the field', async () => {
    const response = await t.post('/api/v1/session/login', { code: 'abc', isRepSSO: true });
    expect(response.statusCode).toBe(400);
    expect(message(response)).toBe('state: Required');
  });
});

describe('single sign-on settings and availability', () => {
  it('lets in only members of OIDC_REP_GROUPS when it is set', async () => {
    const app = await createTestApp({
      ssoIdentities: [
        { email: DEMO_EMAILS.rep, password: DEMO_PASSWORD, groups: ['ezy-reps'] },
        { email: DEMO_EMAILS.repNorth, password: DEMO_PASSWORD, groups: ['staff'] },
      ],
      ssoSettings: { scopes: 'openid email groups', repGroups: ['ezy-reps'] },
    });
    try {
      const member = new SsoBrowser(app);
      const admitted = await member.finish(await member.signInAtProvider(DEMO_EMAILS.rep, DEMO_PASSWORD));
      expect(admitted.statusCode).toBe(200);
      const other = new SsoBrowser(app);
      const refused = await other.finish(await other.signInAtProvider(DEMO_EMAILS.repNorth, DEMO_PASSWORD));
      expect(message(refused)).toBe(SSO_REFUSALS.notInGroup);
    } finally {
      await app.app.close();
    }
  });

  it('works as a public client (no secret: PKCE alone) and with client_secret_post', async () => {
    for (const client of [{ secret: undefined }, { auth: 'client_secret_post' as const }]) {
      const app = await createTestApp({ ssoIdentities: identities, ssoClient: client });
      try {
        const browser = new SsoBrowser(app);
        const response = await browser.finish(await browser.signInAtProvider(DEMO_EMAILS.rep, DEMO_PASSWORD));
        expect(response.statusCode, response.body).toBe(200);
      } finally {
        await app.app.close();
      }
    }
  });

  it('answers 503 while the provider cannot be reached, password sign-in goes on working, and discovery retries until it is back', async () => {
    const gone = await createTestApp({ ssoIdentities: [] });
    await gone.app.close();
    const app = await createTestApp({ oidc: testSsoSettings(gone.ssoIssuer ?? '') });
    try {
      const response = await app.post('/api/v1/auth0/get/auth/url', {});
      expect(response.statusCode).toBe(503);
      expect(message(response)).toBe(SSO_UNAVAILABLE);
      await app.login(DEMO_EMAILS.rep);

      // The provider comes up where it was expected: discovery, retried in the background, finds it.
      const issuer = new URL(gone.ssoIssuer ?? '');
      const back = await startLocalProvider({
        host: issuer.hostname,
        port: Number(issuer.port),
        identities,
        client: {
          ...TEST_SSO_CLIENT,
          redirectUri: `${TEST_ORIGIN}/auth0/callback`,
          postLogoutRedirectUri: `${TEST_ORIGIN}/login`,
        },
      });
      try {
        await ssoReady(app);
        const browser = new SsoBrowser(app);
        const signedIn = await browser.finish(await browser.signInAtProvider(DEMO_EMAILS.rep, DEMO_PASSWORD));
        expect(signedIn.statusCode).toBe(200);
      } finally {
        await back.close();
      }
    } finally {
      await app.app.close();
    }
  });

  it('answers 503 without the OIDC_* settings, saying to sign in with a password', async () => {
    const app = await createTestApp();
    try {
      const response = await app.post('/api/v1/auth0/get/auth/url', {});
      expect(response.statusCode).toBe(503);
      expect(message(response)).toBe(SSO_NOT_CONFIGURED);
    } finally {
      await app.app.close();
    }
  });
});
