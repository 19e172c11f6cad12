import { isLoopbackHost } from '../../net/loopback';

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

/** Where pushes may go: the push services' hosts, and the test receivers on this machine. */
export interface PushEndpointPolicy {
  hosts: readonly string[];
  /**
   * PUSH_TEST_ORIGINS, honoured only with the dev endpoints on: plain-http receivers on this
   * machine that tests push to (src/test-support/push-receiver.ts). Serialised origins.
   */
  testOrigins: readonly string[];
}

const commaList = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');

/** PUSH_ENDPOINT_HOSTS: comma-separated host names, `*.` for subdomains; unset or empty is the default list. */
export function pushEndpointHostsFromEnv(value: string | undefined): string[] {
  const hosts = commaList(value).map((host) => host.toLowerCase());
  return hosts.length > 0 ? hosts : [...DEFAULT_PUSH_ENDPOINT_HOSTS];
}

/**
 * PUSH_TEST_ORIGINS: comma-separated origins (`http://127.0.0.1:9666`) of push receivers on this
 * machine; unset or empty is none. Throws, naming the variable, for anything that is not an http
 * origin on a loopback address: the list lets the server post to those ports, and no further.
 */
export function pushTestOriginsFromEnv(value: string | undefined): string[] {
  return commaList(value).map((entry) => {
    let url: URL | undefined;
    try {
      url = new URL(entry);
    } catch {
      url = undefined;
    }
    const isOrigin = url !== undefined && url.origin !== 'null' && `${url.origin}/` === url.href;
    if (!url || !isOrigin || url.protocol !== 'http:' || !isLoopbackHost(url.hostname))
      throw new Error(
        `PUSH_TEST_ORIGINS takes http origins on this machine (http://127.0.0.1:PORT), comma-separated; got "${entry}".`,
      );
    return url.origin;
  });
}

const hostMatches = (host: string, pattern: string) =>
  pattern.startsWith('*.')
    ? host.endsWith(pattern.slice(1)) && host.length > pattern.length - 1
    : host === pattern;

/**
 * The endpoint as the WHATWG URL parser reads it (the form fetch will post to, stored and compared
 * in that form), or why it may not be pushed to: https on a listed host at the default port, or
 * exactly one of the policy's test origins. Every check is made on the parsed URL, so spellings a
 * parser turns into another address (`http://2130706433/`, `HTTP://127.1/`) are judged as that
 * address.
 */
export function checkedEndpoint(
  endpoint: string,
  policy: PushEndpointPolicy,
): { href: string; refusal?: undefined } | { href?: undefined; refusal: string } {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return { refusal: 'The endpoint is not a URL.' };
  }
  if (url.username || url.password) return { refusal: 'The endpoint may not carry a user name or password.' };
  if (policy.testOrigins.includes(url.origin)) return { href: url.href };
  if (url.protocol !== 'https:') return { refusal: 'The endpoint must use https.' };
  const host = url.hostname;
  if (!policy.hosts.some((pattern) => hostMatches(host, pattern)))
    return { refusal: `${host} is not a known push service (PUSH_ENDPOINT_HOSTS).` };
  if (url.port !== '') return { refusal: 'The endpoint must use the default https port.' };
  return { href: url.href };
}
