import { mockUrl } from '@promo/ui/testing';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchRuntimeConfig } from './runtime-config';

const entry = (name: string) => ({
  version: '1.0.0',
  manifest: `https://cdn.test/${name}/1.0.0/mf-manifest.json`,
});
const registry = {
  remotes: { public: entry('public'), customer: entry('customer'), salesrep: entry('salesrep') },
};

function at(url: string): Location {
  const parsed = new URL(url);
  return { hostname: parsed.hostname, search: parsed.search, origin: parsed.origin } as Location;
}

/** Every registry answers `body`; returns the URLs asked for. */
function answer(body: object, status = 200) {
  const requests = mockUrl('*/registry.json', HttpResponse.json(body, { status }));
  return () => requests.map((request) => request.url);
}

/**
 * The options the registry was fetched with: the test DOM's Request drops the cache mode before
 * msw sees it, so the call itself is watched (msw still answers it).
 */
const fetchOptions = () => vi.spyOn(globalThis, 'fetch');

afterEach(() => {
  vi.restoreAllMocks();
  sessionStorage.clear();
});

describe('fetchRuntimeConfig', () => {
  it('reads the hosted environment of the hostname and its registry', async () => {
    const asked = answer(registry);
    const fetching = fetchOptions();
    const config = await fetchRuntimeConfig(at('https://bnt.stage.ezyrewards.co.nz/login'));
    expect(asked()).toEqual(['https://stage.bnt-cdn.ezyrewards.co.nz/registry.json']);
    expect(fetching).toHaveBeenCalledWith(expect.any(String), { cache: 'no-cache' });
    expect(config).toEqual({
      environment: 'bnt-stage',
      apiBase: 'https://bnt.stage.ezyrewards.co.nz/api/v1',
      remotes: {
        public: entry('public').manifest,
        customer: entry('customer').manifest,
        salesrep: entry('salesrep').manifest,
      },
      remoteVersions: { public: '1.0.0', customer: '1.0.0', salesrep: '1.0.0' },
      spendProgressParentOrigins: ['https://bnt.stage.ezyrewards.co.nz'],
    });
  });

  it("uses the local CDN's registry on localhost, with the page origin as the embedding parent", async () => {
    const asked = answer(registry);
    const fetching = fetchOptions();
    const config = await fetchRuntimeConfig(at('http://localhost:8280/'));
    expect(asked()).toEqual(['http://localhost:8281/registry.json']);
    expect(fetching).toHaveBeenCalledWith(expect.any(String), { cache: 'no-cache' });
    expect(config.environment).toBe('local');
    expect(config.spendProgressParentOrigins).toEqual(['http://localhost:8280']);
  });

  it('follows an ?env= override on localhost and remembers it for the tab', async () => {
    answer(registry);
    expect((await fetchRuntimeConfig(at('http://localhost:8080/?env=hcb-dev'))).environment).toBe('hcb-dev');
    expect((await fetchRuntimeConfig(at('http://localhost:8080/'))).environment).toBe('hcb-dev');
  });

  it('refuses an unknown hostname', async () => {
    answer(registry);
    await expect(fetchRuntimeConfig(at('https://example.com/'))).rejects.toThrow(
      'No environment is configured for example.com.',
    );
  });

  it('refuses a registry that misses a remote', async () => {
    answer({ remotes: { public: entry('public') } });
    await expect(fetchRuntimeConfig(at('http://localhost:8080/'))).rejects.toThrow(
      'The registry has no mf-manifest.json URL for the customer remote.',
    );
  });

  it('says which registry failed to load', async () => {
    answer({}, 503);
    await expect(fetchRuntimeConfig(at('https://dev.ezyrewards.co.nz/'))).rejects.toThrow(
      'The dev remote registry could not be loaded (503).',
    );
  });
});
