import { describe, expect, it } from 'vitest';
import { LOCAL_SSO_CLIENT_ID, startLocalSso } from './local-sso';

const shellOrigin = 'http://localhost:8080';

describe('startLocalSso (single sign-on for npm start)', () => {
  it('starts a local OpenID provider on loopback and registers the app with it, secret and all', async () => {
    const sso = await startLocalSso({ NODE_ENV: 'test' }, { shellOrigin, port: 0 });
    try {
      expect(sso.apiEnv).toEqual({
        OIDC_ISSUER: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/) as string,
        OIDC_CLIENT_ID: LOCAL_SSO_CLIENT_ID,
        OIDC_CLIENT_SECRET: expect.stringMatching(/^[\w-]{32}$/) as string,
      });
      expect(sso.line).toContain(
        `Single sign-on through the local identity provider at ${sso.apiEnv.OIDC_ISSUER}`,
      );
      const discovery = (await (
        await fetch(`${sso.apiEnv.OIDC_ISSUER}/.well-known/openid-configuration`)
      ).json()) as Record<string, unknown>;
      expect(discovery).toMatchObject({
        issuer: sso.apiEnv.OIDC_ISSUER,
        end_session_endpoint: `${sso.apiEnv.OIDC_ISSUER}/session/end`,
        authorization_response_iss_parameter_supported: true,
      });
    } finally {
      await sso.close();
    }
  });

  it('makes a new client secret at each start', async () => {
    const first = await startLocalSso({}, { shellOrigin, port: 0 });
    const second = await startLocalSso({}, { shellOrigin, port: 0 });
    await Promise.all([first.close(), second.close()]);
    expect(first.apiEnv.OIDC_CLIENT_SECRET).not.toBe(second.apiEnv.OIDC_CLIENT_SECRET);
  });

  it('starts nothing when OIDC_ISSUER names a provider: the API reads the OIDC_* variables itself', async () => {
    const sso = await startLocalSso({ OIDC_ISSUER: 'https://idp.example.com' }, { shellOrigin, port: 0 });
    expect(sso.apiEnv).toEqual({});
    expect(sso.line).toBe('Single sign-on through OIDC_ISSUER=https://idp.example.com.');
  });

  it('never starts the local provider with NODE_ENV=production', async () => {
    const sso = await startLocalSso({ NODE_ENV: 'production' }, { shellOrigin, port: 0 });
    expect(sso.apiEnv).toEqual({});
    expect(sso.line).toMatch(
      /^Single sign-on off: NODE_ENV=production never starts the local identity provider/,
    );
  });
});
