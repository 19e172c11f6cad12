import type { ApiErrorBody } from '@promo/domain/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { DEMO_EMAILS, DEMO_USER_IDS } from '../seed/demo-logins';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../test-support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.app.close();
});

async function consentUrl(body: unknown = {}): Promise<string> {
  const response = await t.post('/api/v1/auth0/get/auth/url', body);
  expect(response.statusCode, response.body).toBe(200);
  const { consentUrl: url } = response.json<{ consentUrl: string }>();
  return url;
}

/** Opens the identity page and returns the callback links, by the rep e-mail shown under each. */
async function callbackLinks(url: string): Promise<Map<string, URL>> {
  const page = await t.get(url);
  expect(page.statusCode).toBe(200);
  expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
  const links = new Map<string, URL>();
  for (const match of page.body.matchAll(/href="([^"]+)">[^<]*<small>([^<]+)<\/small>/g)) {
    links.set(match[2] as string, new URL((match[1] as string).replaceAll('&#38;', '&')));
  }
  return links;
}

describe('single sign-on through the development identity page', () => {
  it('returns a relative consent URL to the identity page with a state', async () => {
    expect(await consentUrl()).toMatch(/^\/api\/v1\/dev\/sso\/authorize\?state=[A-Za-z0-9_-]{32}$/);
  });

  it('signs a rep in with the code and state the page hands to /auth0/callback', async () => {
    const links = await callbackLinks(await consentUrl({ returnTo: '/salesrep' }));
    const link = links.get(DEMO_EMAILS.rep);
    expect(link?.origin).toBe(TEST_ORIGIN);
    expect(link?.pathname).toBe('/auth0/callback');
    const response = await t.post('/api/v1/session/login', {
      code: link?.searchParams.get('code'),
      state: link?.searchParams.get('state'),
      isRepSSO: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ role: 'rep', userid: DEMO_USER_IDS.rep });
    expect(response.cookies.some((cookie) => cookie.name === 'ezy_sid' && cookie.httpOnly)).toBe(true);
  });

  it('lists reps only, never customers', async () => {
    const links = await callbackLinks(await consentUrl());
    expect([...links.keys()]).toEqual([DEMO_EMAILS.rep, DEMO_EMAILS.repNorth]);
  });

  it('offers an error link that returns access_denied with a description', async () => {
    const url = await consentUrl();
    const page = await t.get(url);
    const deny = /href="([^"]+)">Deny access/.exec(page.body)?.[1]?.replaceAll('&#38;', '&');
    const params = new URL(deny ?? 'http://missing').searchParams;
    expect(params.get('error')).toBe('access_denied');
    expect(params.get('error_description')).toBe('The user cancelled the sign-in.');
  });

  it('rejects a reused state, even with a fresh code of the same page', async () => {
    const links = await callbackLinks(await consentUrl());
    const first = links.get(DEMO_EMAILS.rep);
    const second = links.get(DEMO_EMAILS.repNorth);
    const state = first?.searchParams.get('state');
    const ok = await t.post('/api/v1/session/login', {
      code: first?.searchParams.get('code'),
      state,
      isRepSSO: true,
    });
    expect(ok.statusCode).toBe(200);
    const replay = await t.post('/api/v1/session/login', {
      code: second?.searchParams.get('code'),
      state,
      isRepSSO: true,
    });
    expect(replay.statusCode).toBe(400);
    expect(replay.json<ApiErrorBody>().message).toBe(
      'Single sign-on failed: this sign-in link was already used.',
    );
  });

  it('rejects an unknown state', async () => {
    const response = await t.post('/api/v1/session/login', {
      code: 'abc',
      state: 'forged-state',
      isRepSSO: true,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'Bad Request',
      message: 'Single sign-on failed: unknown state.',
    });
  });

  it('rejects a wrong code and spends the state with it', async () => {
    const links = await callbackLinks(await consentUrl());
    const link = links.get(DEMO_EMAILS.rep);
    const state = link?.searchParams.get('state');
    const wrong = await t.post('/api/v1/session/login', { code: 'guessed', state, isRepSSO: true });
    expect(wrong.json<ApiErrorBody>().message).toBe('Single sign-on failed: invalid code.');
    const retry = await t.post('/api/v1/session/login', {
      code: link?.searchParams.get('code'),
      state,
      isRepSSO: true,
    });
    expect(retry.json<ApiErrorBody>().message).toBe(
      'Single sign-on failed: this sign-in link was already used.',
    );
  });

  it('rejects a state after ten minutes', async () => {
    const links = await callbackLinks(await consentUrl());
    const link = links.get(DEMO_EMAILS.rep);
    const start = t.clock.now;
    t.clock.now = start + 11 * 60 * 1000;
    try {
      const response = await t.post('/api/v1/session/login', {
        code: link?.searchParams.get('code'),
        state: link?.searchParams.get('state'),
        isRepSSO: true,
      });
      expect(response.json<ApiErrorBody>().message).toBe(
        'Single sign-on failed: the sign-in link has expired.',
      );
    } finally {
      t.clock.now = start;
    }
  });

  it('shows an error page (400) for an unknown state', async () => {
    const page = await t.get('/api/v1/dev/sso/authorize?state=unknown');
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain('This sign-in link has expired or was already used');
  });

  it('validates the SSO login body', async () => {
    const response = await t.post('/api/v1/session/login', { code: 'abc', isRepSSO: true });
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiErrorBody>().message).toBe('state: Required');
  });

  it('accepts only a site path as returnTo', async () => {
    const response = await t.post('/api/v1/auth0/get/auth/url', { returnTo: '//evil.example/steal' });
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiErrorBody>().message).toBe('returnTo: Must be a path starting with /');
  });

  it('is unavailable (503) when the development endpoints are off, and says what turns it on', async () => {
    const app = await buildApp({ db: t.db, devEndpoints: false });
    const response = await app.inject({ method: 'POST', url: '/api/v1/auth0/get/auth/url', payload: {} });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      error: 'Service Unavailable',
      message:
        'Single sign-on is not configured on this server. For development on this machine, ' +
        'DEV_ENDPOINTS=1 turns on a stand-in sign-in page.',
    });
    expect((await app.inject({ method: 'GET', url: '/api/v1/dev/sso/authorize?state=x' })).statusCode).toBe(
      404,
    );
    await app.close();
  });
});
