import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';

/**
 * The security headers of the shell's documents, for `npm start` and as the reference for
 * production hosting (docs/releasing.md, "Hosting"). The Content-Security-Policy allows exactly the
 * environment's remote origins and API; /spend-progress may be framed only by the environment's
 * allowed parents, every other page by no one.
 */
export interface HeaderPolicy {
  /** Origins that serve the remotes (scripts, styles, manifests). */
  remoteOrigins: string[];
  /** The API's origin when it is not the shell's own. */
  apiOrigin?: string;
  /** Parents allowed to embed /spend-progress. */
  spendProgressParents: string[];
  /**
   * The environment's registry and API (EnvironmentDefinition): the two requests the shell's entry
   * makes first are preloaded from the document's headers, so they are under way while its scripts
   * download instead of after (docs/decisions/005-start-up-sequence.md).
   */
  startupFetches?: { registryUrl: string; apiBase: string };
  /**
   * The document's own `<style>` elements, as hash sources (inlineStyleSources): the shell's HTML
   * carries its start-up stylesheets inline so that its first frame waits for no download
   * (docs/decisions/005-start-up-sequence.md, "The first frame"). No other inline style is allowed.
   */
  inlineStyleHashes?: string[];
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

export function contentSecurityPolicy(pathname: string, policy: HeaderPolicy): string {
  const api = policy.apiOrigin ? [policy.apiOrigin] : [];
  const remotes = policy.remoteOrigins;
  const framing = pathname === '/spend-progress' ? unique(policy.spendProgressParents) : [];
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...remotes]],
    // Federated remotes add their own stylesheets; React sets styles through the CSSOM, not markup.
    ['style-src', ["'self'", ...remotes, ...(policy.inlineStyleHashes ?? [])]],
    ['connect-src', ["'self'", ...remotes, ...api]],
    ['img-src', ["'self'", 'data:', 'blob:', ...api]],
    ['font-src', ["'self'"]],
    // blob: a remote's worker starts from a same-origin blob: URL holding its code, as a page may
    // not start a worker from another origin's URL (shared/ui/src/spend-chart/chart-worker.ts).
    ['worker-src', ["'self'", 'blob:']],
    ['manifest-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', framing.length > 0 ? framing : ["'none'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${unique(sources).join(' ')}`).join('; ');
}

/** The `'sha256-…'` sources that allow exactly the `<style>` elements of `html`, in document order. */
export function inlineStyleSources(html: string): string[] {
  return Array.from(
    html.matchAll(/<style(?:\s[^>]*)?>([\s\S]*?)<\/style>/gi),
    ([, css]) =>
      `'sha256-${createHash('sha256')
        .update(css ?? '', 'utf8')
        .digest('base64')}'`,
  );
}

const stylesOfFile = new Map<string, { mtimeMs: number; sources: string[] }>();

/**
 * documentHeaders for the HTML file `file` served at `pathname`, its inline styles allowed
 * (inlineStyleSources). Read once per version of the file: a host may serve a new build in place.
 */
export function documentHeadersOfFile(
  pathname: string,
  file: string,
  policy: HeaderPolicy,
): Record<string, string> {
  const { mtimeMs } = statSync(file);
  let known = stylesOfFile.get(file);
  if (known?.mtimeMs !== mtimeMs) {
    known = { mtimeMs, sources: inlineStyleSources(readFileSync(file, 'utf8')) };
    stylesOfFile.set(file, known);
  }
  return documentHeaders(pathname, { ...policy, inlineStyleHashes: known.sources });
}

/**
 * `Link` preloads of the entry's first requests, each with the request mode and credentials of the
 * entry's own fetch (runtime-config.ts: the registry without credentials; early-loading.ts: the
 * session with them), or the browser would not match them and would ask twice.
 */
export function startupPreloadLinks({
  registryUrl,
  apiBase,
}: {
  registryUrl: string;
  apiBase: string;
}): string {
  return [
    `<${registryUrl}>; rel=preload; as=fetch; crossorigin=anonymous`,
    `<${apiBase}/session/get>; rel=preload; as=fetch; crossorigin=use-credentials`,
  ].join(', ');
}

/** Headers for an HTML document of the shell at `pathname`. */
export function documentHeaders(pathname: string, policy: HeaderPolicy): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(pathname, policy),
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Content-Type-Options': 'nosniff',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
    ...(policy.startupFetches ? { Link: startupPreloadLinks(policy.startupFetches) } : {}),
  };
}
