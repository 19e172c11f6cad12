/**
 * Single sign-on for `npm start` (docs/decisions/045-openid-connect-sign-in.md): the API signs reps
 * in through OIDC_ISSUER when it is set; otherwise, outside production, through a local OpenID
 * provider started here on loopback, which knows the demo logins and signs each in with the demo
 * password. The app is registered with it as its one client, with a secret made for this run.
 */
import { randomBytes } from 'node:crypto';
import { demoIdentities } from '@promo/server/demo-identities';

export const LOCAL_SSO_CLIENT_ID = 'ezy-rewards-local';

export interface LocalSso {
  /** The OIDC_* variables for the API's environment (none when the API reads the caller's own). */
  apiEnv: Record<string, string>;
  /** The start-up line that says where "Sign In with SSO" goes. */
  line: string;
  close: () => Promise<void>;
}

export async function startLocalSso(
  env: Record<string, string | undefined>,
  options: { shellOrigin: string; port: number },
): Promise<LocalSso> {
  const none = () => Promise.resolve();
  if ((env.OIDC_ISSUER ?? '').trim() !== '') {
    return { apiEnv: {}, line: `Single sign-on through OIDC_ISSUER=${env.OIDC_ISSUER}.`, close: none };
  }
  if (env.NODE_ENV === 'production') {
    return {
      apiEnv: {},
      line: 'Single sign-on off: NODE_ENV=production never starts the local identity provider; set OIDC_ISSUER.',
      close: none,
    };
  }
  const secret = randomBytes(24).toString('base64url');
  // Loaded only here: oidc-provider is a development dependency, absent where production installs
  // without them, and the checks before this line answer first.
  const { startLocalProvider } = await import('@promo/server/local-provider');
  const provider = await startLocalProvider({
    host: '127.0.0.1',
    port: options.port,
    identities: demoIdentities(),
    client: {
      id: LOCAL_SSO_CLIENT_ID,
      secret,
      redirectUri: `${options.shellOrigin}/auth0/callback`,
      postLogoutRedirectUri: `${options.shellOrigin}/login`,
    },
  });
  return {
    apiEnv: { OIDC_ISSUER: provider.issuer, OIDC_CLIENT_ID: LOCAL_SSO_CLIENT_ID, OIDC_CLIENT_SECRET: secret },
    line:
      `Single sign-on through the local identity provider at ${provider.issuer}: ` +
      'sign in there with a demo login and the demo password (SSO_PORT moves it; OIDC_ISSUER replaces it).',
    close: provider.close,
  };
}
