import { generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An OpenID provider of a few routes (discovery, JWKS, token endpoint) that hands out whatever ID
 * token a test makes: a real provider never signs a token with a stranger's key, for another
 * audience, with the wrong nonce or already expired, and the relying party must refuse each.
 */

export interface SigningKey {
  kid: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
}

export function newSigningKey(): SigningKey {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { kid: randomBytes(6).toString('hex'), privateKey, publicKey };
}

/** A compact RS256 JWS of `claims`, signed by `key`. */
export function signIdToken(key: SigningKey, claims: Record<string, unknown>): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const input = `${part({ alg: 'RS256', typ: 'JWT', kid: key.kid })}.${part(claims)}`;
  return `${input}.${sign('sha256', Buffer.from(input), key.privateKey).toString('base64url')}`;
}

export interface FakeIssuer {
  issuer: string;
  /** The key its JWKS publishes. */
  key: SigningKey;
  /** The ID token the token endpoint answers with next. */
  idToken: string;
  close: () => Promise<void>;
}

export async function startFakeIssuer(): Promise<FakeIssuer> {
  const server = createServer();
  await new Promise<void>((resolveListen) => server.listen(0, '127.0.0.1', () => resolveListen()));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const fake: FakeIssuer = {
    issuer,
    key: newSigningKey(),
    idToken: '',
    close: () =>
      new Promise<void>((resolveClose) => {
        server.closeAllConnections();
        server.close(() => resolveClose());
      }),
  };
  const documents: Record<string, () => object> = {
    'GET /.well-known/openid-configuration': () => ({
      issuer,
      authorization_endpoint: `${issuer}/authorize`,
      token_endpoint: `${issuer}/token`,
      jwks_uri: `${issuer}/jwks`,
      response_types_supported: ['code'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256'],
      code_challenge_methods_supported: ['S256'],
    }),
    'GET /jwks': () => ({
      keys: [
        { ...fake.key.publicKey.export({ format: 'jwk' }), kid: fake.key.kid, use: 'sig', alg: 'RS256' },
      ],
    }),
    'POST /token': () => ({
      access_token: 'fake-access-token',
      token_type: 'Bearer',
      expires_in: 300,
      id_token: fake.idToken,
    }),
  };
  server.on('request', (request, response) => {
    request.resume();
    const document = documents[`${request.method} ${request.url?.split('?')[0]}`];
    response.writeHead(document ? 200 : 404, {
      'content-type': 'application/json',
      'cache-control': 'no-store',
    });
    response.end(JSON.stringify(document ? document() : { error: 'not_found' }));
  });
  return fake;
}
