/**
 * Where the server may send a push: a subscription's endpoint is a URL the browser's push service
 * gave it, and the server will POST to it, so an endpoint is taken only on the known push services
 * (docs/decisions/041-web-push-delivery.md). Otherwise a signed-in user could make the server call
 * any address, inside the network included.
 */

/** The push services of Chrome/Edge/Android (FCM), Firefox, Safari and Windows. `*.` is any subdomain. */
export const DEFAULT_PUSH_ENDPOINT_HOSTS = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  'web.push.apple.com',
  '*.push.apple.com',
  '*.notify.windows.com',
] as const;

/** PUSH_ENDPOINT_HOSTS: comma-separated host names, `*.` for subdomains; unset or empty is the default list. */
export function pushEndpointHostsFromEnv(value: string | undefined): string[] {
  const hosts = (value ?? '')
    .split(',')
    .map((host) => host.trim().toLowerCase())
    .filter((host) => host !== '');
  return hosts.length > 0 ? hosts : [...DEFAULT_PUSH_ENDPOINT_HOSTS];
}

const hostMatches = (host: string, pattern: string) =>
  pattern.startsWith('*.')
    ? host.endsWith(pattern.slice(1)) && host.length > pattern.length - 1
    : host === pattern;

/**
 * Why `endpoint` may not be pushed to, or undefined when it may: https on a listed host, and, only
 * with the dev endpoints on (tests), plain http on 127.0.0.1.
 */
export function endpointRefusal(
  endpoint: string,
  options: { hosts: readonly string[]; allowLoopback: boolean },
): string | undefined {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'The endpoint is not a URL.';
  }
  if (url.username || url.password) return 'The endpoint may not carry a user name or password.';
  if (options.allowLoopback && url.protocol === 'http:' && url.hostname === '127.0.0.1') return undefined;
  if (url.protocol !== 'https:') return 'The endpoint must use https.';
  const host = url.hostname.toLowerCase();
  if (!options.hosts.some((pattern) => hostMatches(host, pattern)))
    return `${host} is not a known push service (PUSH_ENDPOINT_HOSTS).`;
  return undefined;
}
