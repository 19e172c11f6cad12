import { describe, expect, it } from 'vitest';
import { classifyRequest, isForeignEntry } from './request-routes';

const kind = (url: string) => classifyRequest(new URL(url), 'https://app.example.nz');

describe('classifyRequest', () => {
  it('leaves the API to the network on any origin, so no API response is ever cached', () => {
    expect(kind('https://app.example.nz/api/v1/account/get?ids=G100001')).toBe('api');
    expect(kind('https://app.example.nz/api/v1/file/image/hero-tier-up')).toBe('api');
    expect(kind('https://api.example.nz/api/v1/session/get')).toBe('api');
  });

  it("caches the environment's remote registry, here or on the remotes' CDN", () => {
    expect(kind('https://app.example.nz/registry.json')).toBe('remote-registry');
    expect(kind('https://cdn.example.nz/registry.json')).toBe('remote-registry');
  });

  it("leaves the shell's own files to the precache", () => {
    expect(kind('https://app.example.nz/static/js/index.6f22fda5bd.js')).toBe('other');
    expect(kind('https://app.example.nz/promotions/PROMO-1')).toBe('other');
  });

  it("recognises a remote's manifest, entry and hashed chunks under its versioned path", () => {
    const base = 'https://cdn.example.nz/customer/0.1.0-3f2a9c1b7e';
    expect(kind(`${base}/mf-manifest.json`)).toBe('remote-manifest');
    expect(kind(`${base}/remoteEntry.js`)).toBe('remote-entry');
    expect(kind(`${base}/static/js/async/5k.8a8ba14700.js`)).toBe('remote-asset');
    expect(kind(`${base}/static/css/async/v.ecad0a947b.css`)).toBe('remote-asset');
  });

  it("does not cache a remote's other unhashed files", () => {
    expect(kind('https://cdn.example.nz/customer/0.1.0/mf-stats.json')).toBe('other');
    expect(kind('https://cdn.example.nz/customer/0.1.0/static/js/index.js')).toBe('other');
  });
});

describe('isForeignEntry', () => {
  const self = 'https://ezyrewards.co.nz';
  const logout = new URL('/logout', self);

  it("is a navigation to /logout from another site's page", () => {
    expect(isForeignEntry(logout, 'https://evil.test/page', self)).toBe(true);
    expect(isForeignEntry(logout, 'https://bnt.ezyrewards.co.nz/', self)).toBe(true);
  });

  it('is not one from the app itself, with no referrer (typed, bookmarked), or to another page', () => {
    expect(isForeignEntry(logout, `${self}/my-account`, self)).toBe(false);
    expect(isForeignEntry(logout, '', self)).toBe(false);
    expect(isForeignEntry(new URL('/', self), 'https://evil.test/', self)).toBe(false);
    expect(isForeignEntry(logout, 'not a url', self)).toBe(false);
  });
});
