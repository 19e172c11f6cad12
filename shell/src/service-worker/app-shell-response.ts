/**
 * The precached index.html as the worker answers a navigation: without the host's `Link` preloads.
 *
 * The host's answer to a document preloads the registry and `/session/get`
 * (scripts/deploy/security-headers.ts), so a first visit has them under way while its scripts
 * download. The worker stores that answer whole, and served as stored it set off the same two
 * requests on every return visit, before any script ran. A return visit starts from the device's
 * registry and, on a page its saved session may open, with that session; it checks both once its
 * first screen is up (docs/decisions/009-offline-and-updates.md), and a page that asks at once asks
 * from its entry. Every other header (the Content-Security-Policy among them) stays.
 */
export function withoutStartupPreloads(response: Response): Response {
  if (!response.headers.has('Link')) return response;
  const headers = new Headers(response.headers);
  headers.delete('Link');
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
