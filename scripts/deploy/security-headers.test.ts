import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, documentHeaders, startupPreloadLinks } from './security-headers';

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
