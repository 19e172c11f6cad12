/** The request and response types the static host and the registry's handler share (HTTP/1.1, HTTP/2). */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Http2ServerRequest, Http2ServerResponse } from 'node:http2';

/**
 * A request and its response over either protocol (Node's HTTP/2 compatibility API): the static
 * host (scripts/host/static-host.ts) hands them to the registry's handler (registryHandler in
 * remote-deploy.ts).
 */
export type Request = IncomingMessage | Http2ServerRequest;
export type Response = ServerResponse | Http2ServerResponse;

/** Answers a `handle`d request whole: status, headers and body, over either protocol. */
export function respond(
  res: Response,
  status: number,
  headers: Record<string, string>,
  body: string | Buffer,
) {
  // The two protocols' writeHead overloads differ in their status-message forms only, which this
  // does not use; Node's types cannot call a union of overloads, so each is named.
  if ('stream' in res) res.writeHead(status, headers);
  else res.writeHead(status, headers);
  res.end(body);
}
