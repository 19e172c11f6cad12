import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

// N=2^14, r=8 (16 MiB, Node's default cost) keeps a hash near 60 ms on a 2-core machine, so seeding
// the demo users and the many logins in tests stay fast. OWASP suggests N=2^17 for production; the
// parameters are stored with each hash, so raising them later needs no migration.
const PARAMS = { N: 2 ** 14, r: 8, p: 1 } as const;
// The demo and fixture users share a password printed in the README: a costly hash protects nothing
// there, and five of them would be a third of the start-up time of a fresh server.
const PUBLIC_PASSWORD_PARAMS = { N: 2 ** 10, r: 8, p: 1 } as const;
const KEY_LENGTH = 64;
const MAX_MEMORY = 64 * 1024 * 1024;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...options, maxmem: MAX_MEMORY }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/**
 * Hashes with a fresh 16-byte salt; the result records its parameters so they can change later.
 * `publicPassword` is only for the seeded demo and fixture users, whose password is public anyway.
 */
export async function hashPassword(
  password: string,
  options: { publicPassword?: boolean } = {},
): Promise<string> {
  const params = options.publicPassword ? PUBLIC_PASSWORD_PARAMS : PARAMS;
  const salt = randomBytes(16);
  const key = await derive(password, salt, params);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join(
    '$',
  );
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltText, keyText] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !saltText || !keyText) return false;
  const expected = Buffer.from(keyText, 'base64url');
  const actual = await derive(password, Buffer.from(saltText, 'base64url'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * A hash nobody's password matches, verified against when the e-mail is unknown so that a failed
 * login takes as long for a missing account as for a wrong password.
 */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(18).toString('base64'));
  return decoy;
}
