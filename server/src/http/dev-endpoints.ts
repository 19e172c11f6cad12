import { isIP } from 'node:net';
import { isLoopbackHost } from '../net/loopback';

/**
 * The DEV_ENDPOINTS setting (server/README.md "Development endpoints"): the demo mailbox and the
 * test fixtures. Whoever reaches them can read every e-mail the server sends (password reset links
 * included) and make users with known passwords, so they are off unless asked for by name, and
 * only ever on a loopback address outside production. main.ts checks the API's own address;
 * scripts/dev/start.ts, which turns them on for the local demo, checks the shell's too, because the
 * shell proxies /api to the API. Single sign-on does not depend on them (src/sso/).
 */

const ON = ['1', 'true', 'yes', 'on'];
const OFF = ['0', 'false', 'no', 'off'];

/** What the dev endpoints are, in the words every message about them uses. */
export const DEV_ENDPOINTS_WHAT = 'the demo mailbox and test fixtures that make users with known passwords';

/** On only for 1, true, yes or on (any case); unset or empty is off. Anything else throws, naming the variable. */
export function devEndpointsFromEnv(env: Record<string, string | undefined>): boolean {
  const value = (env.DEV_ENDPOINTS ?? '').trim();
  if (value === '') return false;
  if (ON.includes(value.toLowerCase())) return true;
  if (OFF.includes(value.toLowerCase())) return false;
  throw new Error(
    `DEV_ENDPOINTS must be 1, true, yes or on to turn the dev endpoints on, or 0, false, no or off ` +
      `(or unset) to leave them off; got "${env.DEV_ENDPOINTS}".`,
  );
}

/**
 * Why the dev endpoints may not be on, or undefined when they may. `setting` is how they came to be
 * on, as the message should put it ("DEV_ENDPOINTS=1"); `hostVariable` names the variable that says
 * where the server listens.
 */
export function devEndpointsRefusal(options: {
  setting: string;
  hostVariable: string;
  host: string;
  nodeEnv: string | undefined;
}): string | undefined {
  const conflicts: string[] = [];
  if (!isLoopbackHost(options.host)) conflicts.push(`${options.hostVariable}=${options.host}`);
  if (options.nodeEnv === 'production') conflicts.push('NODE_ENV=production');
  if (conflicts.length === 0) return undefined;
  return (
    `${options.setting} is refused with ${conflicts.join(' and ')}: the dev endpoints (${DEV_ENDPOINTS_WHAT}) ` +
    `run only on a loopback address (${options.hostVariable} 127.0.0.1, ::1 or localhost) and never with ` +
    `NODE_ENV=production. Set DEV_ENDPOINTS=0 to start without them.`
  );
}

/** This machine's own names, as a URL writes them: what a request to a local server names in Host. */
export const LOCAL_HOST_NAMES = ['localhost', '127.0.0.1', '[::1]'] as const;

/** `host` as it goes into a URL or a Host header: an IPv6 literal in brackets (`::1` → `[::1]`). */
export function hostInUrl(host: string): string {
  const bare = host.trim();
  return isIP(bare) === 6 ? `[${bare}]` : bare;
}

/** A Host value as the URL parser writes its name, and its port; undefined if it is no host. */
function parsedHost(value: string, defaultPort: number): { name: string; port: number } | undefined {
  const match = /^(\[[^\]]*\]|[^:[\]]*)(?::(\d{1,5}))?$/.exec(value.trim());
  if (!match?.[1] || /[/?#@\\\s]/.test(match[1])) return undefined;
  try {
    return { name: new URL(`http://${match[1]}`).hostname, port: Number(match[2] ?? defaultPort) };
  } catch {
    return undefined;
  }
}

/** The names and ports a server of this machine answers to while its dev endpoints are on. */
export interface OwnHosts {
  /** Besides LOCAL_HOST_NAMES: the configured HOST or API_HOST, and the origins' names. */
  names: readonly string[];
  ports: readonly number[];
}

/**
 * Why a request naming `host` in its Host header is refused, or undefined when it names one of
 * this machine's names (LOCAL_HOST_NAMES or `own.names`) on one of `own.ports` (a Host without a
 * port names `defaultPort`). A page of another site whose name an attacker rebinds to 127.0.0.1
 * (DNS rebinding) reaches a local server with its own name in Host: refused, it cannot read the
 * demo mailbox, reset links included.
 */
export function foreignHostRefusal(
  host: string | undefined,
  own: OwnHosts,
  defaultPort: number,
): string | undefined {
  const parsed = host === undefined ? undefined : parsedHost(host, defaultPort);
  const names = [...LOCAL_HOST_NAMES, ...own.names].map((name) => parsedHost(hostInUrl(name), 0)?.name);
  if (parsed && names.includes(parsed.name) && own.ports.includes(parsed.port)) return undefined;
  return (
    `This server's dev endpoints are on, so it answers only requests addressed to this machine ` +
    `(${LOCAL_HOST_NAMES.join(', ')}, or the HOST it was started with); Host "${host ?? ''}" is not one of them.`
  );
}
