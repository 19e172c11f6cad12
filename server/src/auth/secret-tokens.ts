import { createHash, randomBytes } from 'node:crypto';

/** A random URL-safe secret: 32 bytes for session ids, fewer for e-mail links. */
export function newSecret(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Only hashes of secrets are stored, so a leaked database file does not sign anyone in. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url');
}
