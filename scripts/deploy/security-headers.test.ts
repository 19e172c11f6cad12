import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  documentHeaders,
  documentHeadersOfFile,
  inlineStyleSources,
  startupPreloadLinks,
} from './security-headers';

const policy = {
  remoteOrigins: ['https://cdn.example.test', 'https://rep-cdn.example.test'],
  apiOrigin: 'https://api.example.test',
  spendProgressParents: ['https://portal.example.test'],
};

const directive = (csp: string, name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `));

describe('contentSecurityPolicy', () => {
  it('allows scripts only from the shell and the environment remote origins', () => {
    expect(directive(contentSecurityPolicy('/', policy), 'script-src')).toBe(
      "script-src 'self' https://cdn.example.test https://rep-cdn.example.test",
    );
  });

  it('lets the page fetch manifests from the remotes and call the API', () => {
    expect(directive(contentSecurityPolicy('/', policy), 'connect-src')).toBe(
      "connect-src 'self' https://cdn.example.test https://rep-cdn.example.test https://api.example.test",
    );
  });

  it('lets only the allowed parents frame /spend-progress', () => {
    expect(directive(contentSecurityPolicy('/spend-progress', policy), 'frame-ancestors')).toBe(
      'frame-ancestors https://portal.example.test',
    );
  });

  it('lets no one frame any other page', () => {
    expect(directive(contentSecurityPolicy('/login', policy), 'frame-ancestors')).toBe(
      "frame-ancestors 'none'",
    );
  });

  it('forbids plugins and foreign base URLs', () => {
    const csp = contentSecurityPolicy('/', policy);
    expect(directive(csp, 'object-src')).toBe("object-src 'none'");
    expect(directive(csp, 'base-uri')).toBe("base-uri 'self'");
  });
});

describe('documentHeaders', () => {
  it('sends the policy with the other document headers', () => {
    expect(documentHeaders('/', policy)).toMatchObject({
      'Content-Security-Policy': contentSecurityPolicy('/', policy),
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
    });
  });
});

describe('inline styles', () => {
  // The hashes of the two style sheets, worked out apart (Python's hashlib): sha256, base64.
  const BODY = "'sha256-IAdwN3biDCQ3brrgp1m8kBEsPQYyqfREKOEfeoREopc='";
  const RED = "'sha256-AYkV/wUaXEz1i9pndN1veIXFHZVFTj4Ojce2rMK7bSc='";
  const html =
    '<html><head><style>body{margin:0}</style><link rel="stylesheet" href="/a.css">' +
    '<style media="all">.a{color:red}</style></head><body><p style="color:blue">x</p></body></html>';
  let dir = '';
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = '';
  });

  it("are allowed by the hash of each <style> element's text, and style attributes are not", () => {
    expect(inlineStyleSources(html)).toEqual([BODY, RED]);
    expect(inlineStyleSources('<html><body><p style="color:blue">x</p></body></html>')).toEqual([]);
  });

  it('are allowed in style-src beside the origins, and only those given', () => {
    expect(directive(contentSecurityPolicy('/', { ...policy, inlineStyleHashes: [BODY] }), 'style-src')).toBe(
      `style-src 'self' https://cdn.example.test https://rep-cdn.example.test ${BODY}`,
    );
    expect(directive(contentSecurityPolicy('/', policy), 'style-src')).toBe(
      "style-src 'self' https://cdn.example.test https://rep-cdn.example.test",
    );
  });

  it('are read from the document served, again when a new build replaces it', () => {
    dir = mkdtempSync(join(tmpdir(), 'ezy-headers-'));
    const file = join(dir, 'index.html');
    writeFileSync(file, '<style>body{margin:0}</style>');
    const styleSrc = () =>
      directive(documentHeadersOfFile('/login', file, policy)['Content-Security-Policy']!, 'style-src');
    expect(styleSrc()).toContain(BODY);
    writeFileSync(file, '<style>.a{color:red}</style>');
    // A later modification time, as a new build's file has (a fast machine may write both in one tick).
    utimesSync(file, new Date(), new Date(Date.now() + 5_000));
    expect(styleSrc()).toContain(RED);
    expect(styleSrc()).not.toContain(BODY);
  });
});

describe('startup preloads', () => {
  const fetches = { registryUrl: 'https://dev.bnt-cdn.example.nz/registry.json', apiBase: '/api/v1' };

  it('preload the registry without credentials and the session check with them', () => {
    expect(startupPreloadLinks(fetches)).toBe(
      '<https://dev.bnt-cdn.example.nz/registry.json>; rel=preload; as=fetch; crossorigin=anonymous, ' +
        '</api/v1/session/get>; rel=preload; as=fetch; crossorigin=use-credentials',
    );
  });

  it('are sent with a document only when the environment names them', () => {
    expect(documentHeaders('/login', { ...policy, startupFetches: fetches }).Link).toBe(
      startupPreloadLinks(fetches),
    );
    expect(documentHeaders('/login', policy)).not.toHaveProperty('Link');
  });
});
