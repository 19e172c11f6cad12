import type { FastifyRequest } from 'fastify';

/**
 * The cross-site check of state-changing calls (server/README.md "Cross-site requests"). The session
 * cookie is SameSite=Lax, which already keeps it off most cross-site requests; this refuses the rest
 * by name: a browser says where a request comes from in `Origin` (sent on every POST), or failing
 * that in `Sec-Fetch-Site`.
 */

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/** An origin as browsers serialise it (scheme, host, port; no path or trailing slash), or undefined. */
function serialisedOrigin(value: string): string | undefined {
  try {
    const origin = new URL(value).origin;
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}

/**
 * The origins whose pages may change state: the public origin (the shell's, where the API is
 * proxied) and any extra ones. A loopback public origin also stands for its loopback aliases on
 * the same scheme and port (`npm start` on localhost:8080 opened as 127.0.0.1:8080 is the same
 * server).
 */
export function allowedOrigins(publicOrigin: string, extra: readonly string[] = []): Set<string> {
  const allowed = new Set<string>();
  for (const value of [publicOrigin, ...extra]) {
    const origin = serialisedOrigin(value.trim());
    if (!origin) throw new Error(`Not an origin: "${value}".`);
    allowed.add(origin);
    const url = new URL(origin);
    if (LOOPBACK_HOSTS.includes(url.hostname)) {
      for (const alias of LOOPBACK_HOSTS)
        allowed.add(`${url.protocol}//${alias}${url.port ? `:${url.port}` : ''}`);
    }
  }
  return allowed;
}

/**
 * Who sent a request from another site, in words ("https://evil.example", "a cross-site request"),
 * or undefined when it comes from an allowed origin or says nothing. By `Origin` when present, else
 * by `Sec-Fetch-Site`. A request with neither header is not a browser's cross-site request (browsers
 * send Origin on cross-site writes and Sec-Fetch-Site on everything): curl, a server-to-server call,
 * a test, or an older browser's same-origin call.
 */
export function crossSiteSender(
  request: Pick<FastifyRequest, 'headers'>,
  allowed: ReadonlySet<string>,
): string | undefined {
  const origin = request.headers.origin;
  if (origin !== undefined) {
    const serialised = serialisedOrigin(origin);
    return serialised && allowed.has(serialised) ? undefined : origin;
  }
  const site = request.headers['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site') return `a ${site} request`;
  return undefined;
}

/** Why a request must be refused as cross-site, or undefined when it may go on. */
export function crossSiteRefusal(
  request: Pick<FastifyRequest, 'method' | 'headers'>,
  allowed: ReadonlySet<string>,
): string | undefined {
  if (!STATE_CHANGING.has(request.method)) return undefined;
  const sender = crossSiteSender(request, allowed);
  return sender && `Cross-site request refused: ${sender} may not change data here.`;
}
