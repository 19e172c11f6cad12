import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EMAILS } from '../seed/demo-logins';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../test-support/test-app';
import { allowedOrigins } from './cross-site';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ allowedOrigins: ['https://second-shell.test'] });
});
afterAll(async () => {
  await t.app.close();
});

const LOGIN = '/api/v1/session/login';
const credentials = { email: DEMO_EMAILS.customer, password: 'Demo-pass1!' };
const signIn = (headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: LOGIN, payload: credentials, headers });

describe('state-changing calls from another site', () => {
  it('are answered when they come from the public origin (Origin and Sec-Fetch-Site as a browser sends them)', async () => {
    const response = await signIn({ origin: TEST_ORIGIN, 'sec-fetch-site': 'same-origin' });
    expect(response.statusCode, response.body).toBe(200);
  });

  it('are answered from an origin the server is told to allow', async () => {
    expect((await signIn({ origin: 'https://second-shell.test' })).statusCode).toBe(200);
  });

  it('are refused with 403 and a reason when Origin names another site, before anything is done', async () => {
    const response = await signIn({ origin: 'https://evil.test', 'sec-fetch-site': 'cross-site' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      error: 'Forbidden',
      message: 'Cross-site request refused: https://evil.test may not change data here.',
    });
    expect(response.headers['set-cookie']).toBeUndefined();

    const forgot = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/forgot/password',
      payload: { email: DEMO_EMAILS.rep },
      headers: { origin: 'https://evil.test' },
    });
    expect(forgot.statusCode).toBe(403);
    expect((await t.get(`/api/v1/dev/outbox?to=${DEMO_EMAILS.rep}`)).json()).toEqual([]);
  });

  it('refuses another port or scheme of the same host, and an opaque origin', async () => {
    for (const origin of ['http://shell.test:8443', 'https://shell.test', 'null']) {
      const response = await signIn({ origin });
      expect(response.statusCode, origin).toBe(403);
      expect(response.json<{ message: string }>().message).toBe(
        `Cross-site request refused: ${origin} may not change data here.`,
      );
    }
  });

  it('refuses a request without Origin whose Sec-Fetch-Site says cross-site or same-site', async () => {
    for (const site of ['cross-site', 'same-site']) {
      const response = await signIn({ 'sec-fetch-site': site });
      expect(response.statusCode, site).toBe(403);
      expect(response.json()).toEqual({
        error: 'Forbidden',
        message: `Cross-site request refused: a ${site} request may not change data here.`,
      });
    }
    expect((await signIn({ 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
  });

  it('answers a request with neither header (curl, another server): browsers send one on a cross-site call', async () => {
    expect((await signIn({})).statusCode).toBe(200);
  });

  it('refuses before the body is read: malformed JSON from another site is a 403, not a 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: LOGIN,
      headers: { origin: 'https://evil.test', 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(403);
  });

  it('leaves reads alone: a GET from another origin is answered (images, the session probe)', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/session/get',
      headers: { origin: 'https://evil.test', 'sec-fetch-site': 'cross-site' },
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('allowedOrigins', () => {
  it('serialises origins as browsers send them', () => {
    expect([...allowedOrigins('https://Ezyrewards.co.nz:443/', ['https://bnt.ezyrewards.co.nz'])]).toEqual([
      'https://ezyrewards.co.nz',
      'https://bnt.ezyrewards.co.nz',
    ]);
  });

  it('takes a loopback public origin for all its loopback names on the same scheme and port', () => {
    expect([...allowedOrigins('http://localhost:8080')].sort()).toEqual([
      'http://127.0.0.1:8080',
      'http://[::1]:8080',
      'http://localhost:8080',
    ]);
  });

  it('refuses something that is not an origin', () => {
    expect(() => allowedOrigins('shell.test')).toThrow('Not an origin: "shell.test".');
  });
});
