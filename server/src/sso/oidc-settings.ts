import { isLoopbackHost } from '../net/loopback';

/**
 * The OIDC_* settings (server/README.md "Single sign-on"): which OpenID provider reps sign in
 * through, and how the app is registered with it (docs/decisions/045-openid-connect-sign-in.md).
 */

const CLIENT_AUTH_METHODS = ['client_secret_basic', 'client_secret_post'] as const;
export type ClientAuthMethod = (typeof CLIENT_AUTH_METHODS)[number];

export interface OidcSettings {
  /** The issuer identifier; discovery reads `${issuer}/.well-known/openid-configuration`. */
  issuer: URL;
  clientId: string;
  /** Without one, a public client that proves itself with PKCE alone. */
  clientSecret?: string;
  /** How a confidential client authenticates at the token endpoint. */
  clientAuth: ClientAuthMethod;
  /** Space-separated; always holds openid and email. */
  scopes: string;
  /** When not empty, the ID token's `groups` must hold one of these. */
  repGroups: readonly string[];
}

export const DEFAULT_OIDC_SCOPES = 'openid email profile';

type Env = Record<string, string | undefined>;

const OIDC_VARIABLES = [
  'OIDC_CLIENT_ID',
  'OIDC_CLIENT_SECRET',
  'OIDC_CLIENT_AUTH',
  'OIDC_SCOPES',
  'OIDC_REP_GROUPS',
];

function issuerOf(value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`OIDC_ISSUER must be the provider's issuer URL (https://…), got "${value}".`);
  }
  if (url.search || url.hash) {
    throw new Error(`OIDC_ISSUER is the issuer identifier, without ?query or #fragment; got "${value}".`);
  }
  // The provider's answers sign reps in: only TLS carries them, except on this machine.
  const local = url.protocol === 'http:' && isLoopbackHost(url.hostname);
  if (url.protocol !== 'https:' && !local) {
    throw new Error(`OIDC_ISSUER must use https (http only for a provider on loopback), got "${value}".`);
  }
  return url;
}

function scopesOf(value: string | undefined): string {
  const scopes = (value ?? '').split(/\s+/).filter(Boolean);
  if (scopes.length === 0) return DEFAULT_OIDC_SCOPES;
  for (const needed of ['openid', 'email']) {
    if (!scopes.includes(needed)) {
      throw new Error(
        `OIDC_SCOPES must include "${needed}" (reps are matched by their e-mail address); got "${value}".`,
      );
    }
  }
  return scopes.join(' ');
}

function clientAuthOf(env: Env, secret: string | undefined): ClientAuthMethod {
  const value = (env.OIDC_CLIENT_AUTH ?? '').trim();
  if (value === '') return 'client_secret_basic';
  if (!(CLIENT_AUTH_METHODS as readonly string[]).includes(value)) {
    throw new Error(`OIDC_CLIENT_AUTH must be ${CLIENT_AUTH_METHODS.join(' or ')}, got "${value}".`);
  }
  if (!secret) throw new Error(`OIDC_CLIENT_AUTH=${value} needs OIDC_CLIENT_SECRET.`);
  return value as ClientAuthMethod;
}

/**
 * The settings, or undefined when OIDC_ISSUER is not set (single sign-on is then unavailable).
 * Anything wrong throws, naming the variable, so main.ts stops before it opens the database.
 */
export function oidcSettingsFromEnv(env: Env): OidcSettings | undefined {
  const issuer = (env.OIDC_ISSUER ?? '').trim();
  if (issuer === '') {
    const stray = OIDC_VARIABLES.find((name) => (env[name] ?? '').trim() !== '');
    if (stray) throw new Error(`${stray} is set but OIDC_ISSUER is not: set OIDC_ISSUER, or unset ${stray}.`);
    return undefined;
  }
  const issuerUrl = issuerOf(issuer);
  const clientId = (env.OIDC_CLIENT_ID ?? '').trim();
  if (clientId === '') {
    throw new Error('OIDC_CLIENT_ID is required with OIDC_ISSUER: the client id the provider gave this app.');
  }
  const clientSecret = (env.OIDC_CLIENT_SECRET ?? '').trim() || undefined;
  return {
    issuer: issuerUrl,
    clientId,
    ...(clientSecret ? { clientSecret } : {}),
    clientAuth: clientAuthOf(env, clientSecret),
    scopes: scopesOf(env.OIDC_SCOPES),
    repGroups: (env.OIDC_REP_GROUPS ?? '')
      .split(',')
      .map((group) => group.trim())
      .filter(Boolean),
  };
}
