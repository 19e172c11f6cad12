import { BlockList, isIP } from 'node:net';

/**
 * What "this machine" is, for the settings that must stay on it (the dev endpoints,
 * src/http/dev-endpoints.ts) and the push test origins (src/notifications/push/push-endpoints.ts).
 */

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** Whether listening on `host` keeps a server to this machine: localhost, 127.0.0.0/8 or ::1 (bracketed or not). */
export function isLoopbackHost(host: string): boolean {
  const bare = host.trim().replace(/^\[(.*)\]$/, '$1');
  if (bare.toLowerCase() === 'localhost') return true;
  const family = isIP(bare);
  return family !== 0 && loopback.check(bare, family === 4 ? 'ipv4' : 'ipv6');
}
