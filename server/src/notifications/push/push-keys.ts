import { createPublicKey } from 'node:crypto';

/**
 * Why `p256dh` (base64url, as PushSubscription.toJSON() gives it) is not a key a push can be
 * encrypted to, or undefined when it is. Every message is encrypted to this key (RFC 8291), so a
 * subscription whose 65 bytes are not an uncompressed point on P-256 could never receive one: it is
 * refused when the browser hands it over, not on every send after.
 */
export function p256dhRefusal(p256dh: string): string | undefined {
  const point = Buffer.from(p256dh, 'base64url');
  if (point.length !== 65 || point[0] !== 0x04)
    return 'Must be an uncompressed P-256 public key (65 bytes starting with 0x04).';
  try {
    // OpenSSL checks that the point lies on the curve as it imports the key.
    createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: point.subarray(1, 33).toString('base64url'),
        y: point.subarray(33).toString('base64url'),
      },
      format: 'jwk',
    });
    return undefined;
  } catch {
    return 'Not a P-256 public key: the point is not on the curve.';
  }
}
