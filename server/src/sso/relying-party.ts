import * as oidc from 'openid-client';
import { isLoopbackHost } from '../net/loopback';
import type { OidcSettings } from './oidc-settings';

/**
 * The app as an OpenID Connect relying party (docs/decisions/045-openid-connect-sign-in.md): the
 * authorization code flow with PKCE (S256), state and nonce, through openid-client, which checks
 * the authorization response (state, iss) and the ID token (signature against the provider's JWKS,
 * iss, aud, exp, iat, nonce). Discovery runs in the background and is retried until it succeeds,
 * so a provider that is down never stops the API from starting; until then `isReady` is false.
 */

/** The path the provider sends the browser back to, on PUBLIC_ORIGIN: the shell's callback page. */
const SSO_CALLBACK_PATH = '/auth0/callback';

/** Discovery is retried after 1 s, doubling up to this. */
const MAX_RETRY_MS = 60_000;

/** What the round trip must bring back: kept on the server with its state (src/sso/sso-store.ts). */
export interface SsoChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** Who the provider says signed in: the validated ID token's claims, and the token for logout. */
export interface ProviderIdentity {
  claims: oidc.IDToken;
  idToken: string;
}

export interface RelyingPartyLog {
  info: (message: string) => void;
  warn: (message: string) => void;
}

/** The token endpoint's client authentication the settings ask for. */
function clientAuthOf(settings: OidcSettings): oidc.ClientAuth {
  if (!settings.clientSecret) return oidc.None();
  return settings.clientAuth === 'client_secret_post'
    ? oidc.ClientSecretPost(settings.clientSecret)
    : oidc.ClientSecretBasic(settings.clientSecret);
}

export class RelyingParty {
  readonly settings: OidcSettings;
  readonly redirectUri: string;
  readonly #log: RelyingPartyLog;
  #config: oidc.Configuration | undefined;
  #failures = 0;
  #timer: NodeJS.Timeout | undefined;
  #closed = false;

  constructor(settings: OidcSettings, publicOrigin: string, log: RelyingPartyLog) {
    this.settings = settings;
    this.redirectUri = `${publicOrigin}${SSO_CALLBACK_PATH}`;
    this.#log = log;
    void this.#discover();
  }

  /** Whether discovery has succeeded: sign-in can start. */
  get isReady(): boolean {
    return this.#config !== undefined;
  }

  async #discover(): Promise<void> {
    const { issuer, clientId, clientSecret } = this.settings;
    try {
      this.#config = await oidc.discovery(issuer, clientId, clientSecret, clientAuthOf(this.settings), {
        execute: [
          // Without it, an ID token from the token endpoint is trusted on TLS alone; the signature
          // is checked against the provider's JWKS here, wherever the token came from.
          oidc.enableNonRepudiationChecks,
          // oauth4webapi refuses http:; a provider on this machine is the one exception (oidc-settings.ts).
          ...(issuer.protocol === 'http:' && isLoopbackHost(issuer.hostname)
            ? [oidc.allowInsecureRequests]
            : []),
        ],
        timeout: 10,
      });
      this.#log.info(`Single sign-on: discovered ${issuer.href}.`);
    } catch (error) {
      if (this.#closed) return;
      const delay = Math.min(MAX_RETRY_MS, 1000 * 2 ** this.#failures);
      this.#failures += 1;
      this.#log.warn(
        `Single sign-on: discovery at ${issuer.href} failed (${describe(error)}); retrying in ${delay / 1000} s. ` +
          'Password sign-in works meanwhile.',
      );
      this.#timer = setTimeout(() => void this.#discover(), delay);
      this.#timer.unref();
    }
  }

  /** The provider's authorization URL for one round trip. Only once `isReady`. */
  async authorizationUrl(checks: SsoChecks): Promise<URL> {
    return oidc.buildAuthorizationUrl(this.#ready(), {
      redirect_uri: this.redirectUri,
      scope: this.settings.scopes,
      response_type: 'code',
      code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
      code_challenge_method: 'S256',
      state: checks.state,
      nonce: checks.nonce,
    });
  }

  /**
   * Exchanges the code the browser brought back (`callback`: the query the provider sent to the
   * callback page) for tokens, and returns the ID token once every check has passed. Throws otherwise.
   */
  async finish(callback: URLSearchParams, checks: SsoChecks): Promise<ProviderIdentity> {
    const currentUrl = new URL(`${this.redirectUri}?${callback.toString()}`);
    const tokens = await oidc.authorizationCodeGrant(this.#ready(), currentUrl, {
      pkceCodeVerifier: checks.codeVerifier,
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims || !tokens.id_token) throw new Error('the token response has no ID token');
    return { claims, idToken: tokens.id_token };
  }

  /**
   * Where the browser goes to sign out at the provider too (RP-initiated logout), then back to
   * `returnTo`; undefined when the provider advertises no end_session_endpoint or is not reached yet.
   */
  endSessionUrl(idToken: string, returnTo: string): string | undefined {
    if (!this.#config?.serverMetadata().end_session_endpoint) return undefined;
    return oidc
      .buildEndSessionUrl(this.#config, {
        id_token_hint: idToken,
        post_logout_redirect_uri: returnTo,
        client_id: this.settings.clientId,
      })
      .toString();
  }

  /** Stops the discovery retries (the app is closing). */
  close(): void {
    this.#closed = true;
    clearTimeout(this.#timer);
  }

  #ready(): oidc.Configuration {
    if (!this.#config) throw new Error('single sign-on is not ready: discovery has not succeeded');
    return this.#config;
  }
}

/** An error from the provider's side, in one line for the log. */
export function describe(error: unknown): string {
  if (error instanceof oidc.ResponseBodyError)
    return `${error.error}: ${error.error_description ?? error.message}`;
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
    return `${error.message}${cause}`;
  }
  return String(error);
}
