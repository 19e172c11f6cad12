import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Http2ServerRequest, Http2ServerResponse } from 'node:http2';

/**
 * A request and its response over either protocol (Node's HTTP/2 compatibility API): the static
 * host (scripts/static-host.ts) hands them to the registry's handler (registryHandler in
 * remote-deploy.ts).
 */
export type Request = IncomingMessage | Http2ServerRequest;
export type Response = ServerResponse | Http2ServerResponse;
