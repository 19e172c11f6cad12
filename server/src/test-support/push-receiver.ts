import { createECDH, createPublicKey, randomBytes, verify } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import ece from 'http_ece';

/** A push as the receiver got it: decrypted, with what its VAPID header claimed. */
export interface ReceivedPush {
  payload: unknown;
  headers: Record<string, string | string[] | undefined>;
  /** The VAPID JWT's claims, once its signature checked out against the key it names. */
  vapid: { aud: string; sub: string; exp: number; publicKey: string };
}

/**
 * A push service on 127.0.0.1 for tests, holding the browser's side of a subscription: its P-256 key
 * pair and auth secret (RFC 8291). It checks each request's VAPID signature (RFC 8292), decrypts the
 * aes128gcm body, and answers with `status` (201 by default; 404 or 410 say the subscription is gone).
 */
export async function startPushReceiver(): Promise<{
  endpoint: string;
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  received: ReceivedPush[];
  failures: string[];
  status: { code: number };
  close: () => Promise<void>;
}> {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  const received: ReceivedPush[] = [];
  const failures: string[] = [];
  const status = { code: 201 };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      try {
        if (request.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
        const vapid = checkVapid(request.headers.authorization ?? '');
        const plain = ece.decrypt(Buffer.concat(chunks), {
          version: 'aes128gcm',
          privateKey: ecdh,
          authSecret: auth,
        });
        received.push({ payload: JSON.parse(plain.toString('utf8')), headers: request.headers, vapid });
      } catch (error) {
        failures.push(error instanceof Error ? error.message : String(error));
      }
      response.writeHead(status.code).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/push/device-1`;
  return {
    endpoint,
    subscription: {
      endpoint,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    },
    received,
    failures,
    status,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** `vapid t=<JWT>, k=<public key>`: the JWT's ES256 signature must verify with k. */
function checkVapid(header: string): ReceivedPush['vapid'] {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header);
  if (!match) throw new Error(`not a VAPID Authorization header: ${header}`);
  const [, token = '', publicKey = ''] = match;
  const [head = '', body = '', signature = ''] = token.split('.');
  const point = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Error('the VAPID signature does not verify');
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Omit<
    ReceivedPush['vapid'],
    'publicKey'
  >;
  return { ...claims, publicKey };
}
