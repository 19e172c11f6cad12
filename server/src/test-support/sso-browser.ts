import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestApp } from './test-app';
import { TEST_ORIGIN } from './test-app';

/**
 * One browser going through single sign-on against a real OpenID provider over HTTP: the app's
 * answers through app.inject, the provider's over fetch, each with its own cookies, following the
 * redirects a browser follows until they lead back to the app's origin. Without a TestApp it only
 * goes through the provider, from a consent URL the test got from the app itself.
 */
export class SsoBrowser {
  readonly #t: TestApp | undefined;
  readonly #appOrigin: string;
  /** The provider's cookies, by name. */
  readonly #providerCookies = new Map<string, string>();
  /** The app's SSO cookie (ezy_sso), as this browser holds it. */
  appCookie: string | undefined;

  constructor(t: TestApp | undefined, appOrigin = TEST_ORIGIN) {
    this.#t = t;
    this.#appOrigin = appOrigin;
  }

  #app(): TestApp {
    if (!this.#t) throw new Error('This browser has no app to call.');
    return this.#t;
  }

  /** POST /auth0/get/auth/url: the provider's URL, keeping the cookie that binds the round trip. */
  async begin(): Promise<URL> {
    const response = await this.#app().post('/api/v1/auth0/get/auth/url', {});
    expect(response.statusCode, response.body).toBe(200);
    const cookie = response.cookies.find((entry) => entry.name === 'ezy_sso');
    this.appCookie = cookie ? `ezy_sso=${cookie.value}` : undefined;
    return new URL(response.json<{ consentUrl: string }>().consentUrl);
  }

  /** A request to the provider; redirects are the caller's to follow. */
  async provider(url: URL | string, form?: Record<string, string>): Promise<Response> {
    const cookie = [...this.#providerCookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(url, {
      redirect: 'manual',
      method: form ? 'POST' : 'GET',
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(form ? { body: new URLSearchParams(form).toString() } : {}),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.#providerCookies.delete(name);
      else this.#providerCookies.set(name, value);
    }
    return response;
  }

  /**
   * Follows the provider's redirects from `url` until the browser either comes back to the app
   * (the callback URL) or stops on one of the provider's pages.
   */
  async follow(
    url: URL,
    form?: Record<string, string>,
  ): Promise<{ callback?: URL; page?: Response; at: URL }> {
    let response = await this.provider(url, form);
    let at = url;
    for (let hops = 0; hops < 10; hops += 1) {
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) return { page: response, at };
      at = new URL(location, at);
      if (at.origin === this.#appOrigin) return { callback: at, at };
      response = await this.provider(at);
    }
    throw new Error(`More than 10 redirects from ${url.href}`);
  }

  /**
   * The provider's sign-in page of a round trip (`consentUrl`, else one begun now): its HTML and
   * where its form posts.
   */
  async loginPage(consentUrl?: URL): Promise<{ html: string; action: URL; at: URL }> {
    const login = await this.follow(consentUrl ?? (await this.begin()));
    expect(login.page?.status).toBe(200);
    const html = (await login.page?.text()) ?? '';
    const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`No sign-in form at ${login.at.href}: ${html}`);
    return { html, action: new URL(action, login.at), at: login.at };
  }

  /** Signs in on the provider's page and returns where it sends the browser back to. */
  async signInAtProvider(email: string, password: string, consentUrl?: URL): Promise<URL> {
    const { action } = await this.loginPage(consentUrl);
    const back = await this.follow(action, { email, password });
    if (!back.callback)
      throw new Error(`The provider did not send the browser back: ${await back.page?.text()}`);
    return back.callback;
  }

  /** POST /session/login as the callback page sends it, with this browser's cookie. */
  finish(callback: URL, cookie = this.appCookie): Promise<LightMyRequestResponse> {
    return this.#app().app.inject({
      method: 'POST',
      url: '/api/v1/session/login',
      payload: {
        code: callback.searchParams.get('code') ?? '',
        state: callback.searchParams.get('state') ?? '',
        ...(callback.searchParams.has('iss') ? { iss: callback.searchParams.get('iss') } : {}),
        isRepSSO: true,
      },
      headers: cookie ? { cookie } : {},
    });
  }
}
