import { createHash, generateKeyPairSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { memoryStore } from './local-provider-store';
import { loginPage, logoutPage, providerErrorPage, signedOutPage } from './local-provider-pages';

/**
 * The OpenID provider `npm start` runs on loopback (docs/decisions/045-openid-connect-sign-in.md):
 * the app signs reps in through it exactly as through a company's provider. It knows only the people
 * it is given, signs each in with their own password, and has no page that signs in anyone else.
 */

/** Someone the provider can sign in: a demo rep or customer (the relying party decides who gets in). */
export interface LocalIdentity {
  email: string;
  password: string;
  /** The `name` claim, when the provider has one. */
  name?: string;
  /** Default true: a company's provider vouches for its staff's addresses. */
  emailVerified?: boolean;
  /** The `groups` claim, for OIDC_REP_GROUPS. */
  groups?: string[];
}

export interface LocalProviderOptions {
  /** Where to listen: loopback only; port 0 picks a free one. */
  host: string;
  port: number;
  identities: readonly LocalIdentity[];
  /** The app, registered as the provider's one client. */
  client: {
    id: string;
    /** Without one, a public client (PKCE only). */
    secret?: string;
    auth?: 'client_secret_basic' | 'client_secret_post';
    redirectUri: string;
    postLogoutRedirectUri: string;
  };
}

export interface LocalProvider {
  /** The issuer identifier: OIDC_ISSUER for the app. */
  issuer: string;
  close: () => Promise<void>;
}

const CANCELLED = 'The sign-in was cancelled at the identity provider.';
const WRONG_LOGIN = 'Wrong e-mail address or password.';

/** The subject of an identity: stable for its address, and says nothing about it. */
function subjectOf(email: string): string {
  return createHash('sha256').update(email.toLowerCase()).digest('base64url').slice(0, 22);
}

function samePassword(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  let body = '';
  for await (const chunk of request) {
    body += String(chunk);
    if (body.length > 8192) throw new Error('form too large');
  }
  return new URLSearchParams(body);
}

function sendHtml(response: ServerResponse, status: number, html: string): void {
  response.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
  response.end(html);
}

function providerConfiguration(options: LocalProviderOptions): Configuration {
  const bySubject = new Map(options.identities.map((identity) => [subjectOf(identity.email), identity]));
  const { client } = options;
  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });
  return {
    adapter: memoryStore(),
    clients: [
      {
        client_id: client.id,
        ...(client.secret ? { client_secret: client.secret } : {}),
        token_endpoint_auth_method: client.secret ? (client.auth ?? 'client_secret_basic') : 'none',
        redirect_uris: [client.redirectUri],
        post_logout_redirect_uris: [client.postLogoutRedirectUri],
        response_types: ['code'],
        grant_types: ['authorization_code'],
      },
    ],
    jwks: { keys: [{ ...signingKey, kid: randomBytes(8).toString('hex'), use: 'sig', alg: 'RS256' }] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name'],
      groups: ['groups'],
    },
    // The ID token carries the e-mail itself, as Entra ID, Google, Auth0 and Keycloak send it.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    // Seconds. A sign-in page stays usable for the app's own round trip (10 minutes); a provider
    // session lasts a working day, as a company's does.
    ttl: {
      Interaction: 600,
      AuthorizationCode: 60,
      AccessToken: 600,
      IdToken: 600,
      Grant: 12 * 3600,
      Session: 12 * 3600,
    },
    findAccount: (_ctx, sub) => {
      const identity = bySubject.get(sub);
      if (!identity) return undefined;
      return {
        accountId: sub,
        claims: () => ({
          sub,
          email: identity.email,
          email_verified: identity.emailVerified ?? true,
          ...(identity.name ? { name: identity.name } : {}),
          ...(identity.groups ? { groups: identity.groups } : {}),
        }),
      };
    },
    // The app is this provider's only client, and its own: a sign-in grants what it asked for,
    // with no consent page.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const { oidc } = ctx;
      if (!oidc.client || !oidc.session?.accountId) return undefined;
      const grantId = oidc.result?.consent?.grantId ?? oidc.session.grantIdFor(oidc.client.clientId);
      const grant =
        (grantId ? await oidc.provider.Grant.find(grantId) : undefined) ??
        new oidc.provider.Grant({ clientId: oidc.client.clientId, accountId: oidc.session.accountId });
      const scope = oidc.params?.scope;
      grant.addOIDCScope(typeof scope === 'string' ? scope : 'openid');
      await grant.save();
      return grant;
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, form) => {
          ctx.type = 'html';
          ctx.body = logoutPage(form);
        },
        postLogoutSuccessSource: (ctx) => {
          ctx.type = 'html';
          ctx.body = signedOutPage();
        },
      },
    },
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body = providerErrorPage(String(out.error), out.error_description);
    },
  };
}

/** The provider's sign-in pages: the form, its answer, and Cancel, which declines (access_denied). */
async function interaction(
  provider: Provider,
  identities: readonly LocalIdentity[],
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const { pathname } = new URL(request.url ?? '/', 'http://provider.invalid');
  const { uid } = await provider.interactionDetails(request, response);
  if (request.method === 'GET' && pathname.endsWith('/abort')) {
    await provider.interactionFinished(
      request,
      response,
      { error: 'access_denied', error_description: CANCELLED },
      { mergeWithLastSubmission: false },
    );
    return;
  }
  if (request.method === 'POST' && pathname.endsWith('/login')) {
    const form = await readForm(request);
    const email = (form.get('email') ?? '').trim();
    const identity = identities.find((candidate) => candidate.email.toLowerCase() === email.toLowerCase());
    if (!identity || !samePassword(form.get('password') ?? '', identity.password)) {
      sendHtml(response, 401, loginPage({ uid, email, error: WRONG_LOGIN }));
      return;
    }
    await provider.interactionFinished(
      request,
      response,
      { login: { accountId: subjectOf(identity.email) } },
      { mergeWithLastSubmission: false },
    );
    return;
  }
  sendHtml(response, 200, loginPage({ uid }));
}

/** Starts the provider on `host:port`; its issuer is http://host:port. */
export async function startLocalProvider(options: LocalProviderOptions): Promise<LocalProvider> {
  let handle: (request: IncomingMessage, response: ServerResponse) => void = (_request, response) => {
    response.writeHead(503).end();
  };
  const server = createServer((request, response) => handle(request, response));
  await new Promise<void>((resolveListen, rejectListen) => {
    server.once('error', rejectListen);
    server.listen(options.port, options.host, () => resolveListen());
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  const issuer = `http://${host}:${port}`;
  const provider = new Provider(issuer, providerConfiguration(options));
  const callback = provider.callback();
  handle = (request, response) => {
    if (!request.url?.startsWith('/interaction/')) {
      // Koa's handler answers its own errors; the promise it returns never rejects.
      void callback(request, response);
      return;
    }
    interaction(provider, options.identities, request, response).catch((error: unknown) => {
      const description = error instanceof Error ? error.message : String(error);
      if (!response.headersSent) sendHtml(response, 400, providerErrorPage('invalid_request', description));
    });
  };
  return {
    issuer,
    close: () =>
      new Promise<void>((resolveClose) => {
        server.closeAllConnections();
        server.close(() => resolveClose());
      }),
  };
}
