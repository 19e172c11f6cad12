import { mockUrl } from '@promo/ui/testing';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rolloutBucket, rolloutKey } from '@promo/domain/environments/release-placement';
import { fetchRuntimeConfig, placeRolloutsFor } from './runtime-config';

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
  localStorage.clear();
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
      versions: { public: '1.0.0', customer: '1.0.0', salesrep: '1.0.0' },
      fallbacks: {},
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

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

const version = (name: string, v: string, cdn = 'https://cdn.test') => ({
  version: v,
  manifest: `${cdn}/${name}/${v}/mf-manifest.json`,
});

describe('the versions a device is served', () => {
  const localCdn = 'http://localhost:8081';
  const withCustomer = (customer: object) => ({
    remotes: { public: entry('public'), salesrep: entry('salesrep'), customer },
  });

  it('lists the last good version to fall back to when it is not the one served', async () => {
    answer(withCustomer({ ...version('customer', '9.9.9'), lastGood: version('customer', '1.0.0') }));
    const config = await fetchRuntimeConfig(at('http://localhost:8080/'));
    expect(config.versions?.customer).toBe('9.9.9');
    expect(config.fallbacks).toEqual({ customer: version('customer', '1.0.0') });
  });

  it('serves a staged version by the percent, the same way on every start', async () => {
    const staged = { ...version('customer', '1.1.0'), percent: 100 };
    answer(withCustomer({ ...version('customer', '1.0.0'), staged }));
    const first = await fetchRuntimeConfig(at('http://localhost:8080/'));
    expect(first.remotes.customer).toBe(staged.manifest);
    answer(withCustomer({ ...version('customer', '1.0.0'), staged: { ...staged, percent: 0 } }));
    expect((await fetchRuntimeConfig(at('http://localhost:8080/'))).versions?.customer).toBe('1.0.0');
    const id = localStorage.getItem('ezy-device');
    expect(id).toBeTruthy();
    await fetchRuntimeConfig(at('http://localhost:8080/'));
    expect(localStorage.getItem('ezy-device')).toBe(id);
  });

  it('places a signed-in person by their user on the customer remote, as the API does, and the browser on the public one', async () => {
    const placed = (id: string, remote: string) => rolloutBucket(id, remote, '1.1.0') < 50;
    // A browser both rollouts leave out, and a user the customer rollout takes in.
    const device = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].find(
      (id) => !placed(id, 'customer') && !placed(id, 'public'),
    )!;
    const user = ['u1', 'u2', 'u3', 'u4', 'u5', 'u6', 'u7', 'u8'].find((id) =>
      placed(rolloutKey('customer', { deviceId: device, userId: id }), 'customer'),
    )!;
    localStorage.setItem('ezy-device', device);
    const staged = (name: string) => ({
      ...version(name, '1.0.0'),
      staged: { ...version(name, '1.1.0'), percent: 50 },
    });
    answer({
      remotes: { public: staged('public'), customer: staged('customer'), salesrep: entry('salesrep') },
    });

    placeRolloutsFor(user);
    const signedIn = await fetchRuntimeConfig(at('http://localhost:8080/'));
    expect(signedIn.versions).toMatchObject({ customer: '1.1.0', public: '1.0.0' });
    // Before anyone has signed in here, the browser places itself.
    placeRolloutsFor(undefined);
    const anonymous = await fetchRuntimeConfig(at('http://localhost:8080/'));
    expect(anonymous.versions).toMatchObject({ customer: '1.0.0', public: '1.0.0' });
  });

  it('previews a staged version named by a link, for the rest of the tab', async () => {
    const staged = { ...version('customer', '1.1.0', localCdn), percent: 0 };
    answer(withCustomer({ ...version('customer', '1.0.0', localCdn), staged }));
    const config = await fetchRuntimeConfig(at('http://localhost:8080/?preview=customer@1.1.0'));
    expect(config.remotes.customer).toBe(staged.manifest);
    expect(config.preview).toEqual({ remote: 'customer', version: '1.1.0', manifest: staged.manifest });
    expect((await fetchRuntimeConfig(at('http://localhost:8080/dashboard'))).versions?.customer).toBe(
      '1.1.0',
    );
  });

  it.each([
    ['a URL', 'https://evil.test/mf-manifest.json', 'A preview link names a section and one of its versions'],
    ['a path', 'customer@../../evil/1.0.0', 'A preview link names a section and one of its versions'],
    ['an unknown remote', 'admin@1.0.0', 'A preview link names a section and one of its versions'],
    ['an unknown version', 'customer@9.9.9', 'customer 9.9.9 is not deployed in this environment.'],
  ])('refuses a preview naming %s, and serves the current version', async (_, asked, reason) => {
    const requested = answer(withCustomer(version('customer', '1.0.0', localCdn)));
    const config = await fetchRuntimeConfig(
      at(`http://localhost:8080/?preview=${encodeURIComponent(asked)}`),
    );
    expect(config.preview).toEqual({ refused: expect.stringContaining(reason) as string });
    expect(config.remotes.customer).toBe(version('customer', '1.0.0', localCdn).manifest);
    // Only the registry was asked for: nothing the link named.
    expect(requested()).toHaveLength(1);
    expect(sessionStorage.getItem('ezy-preview')).toBeNull();
  });

  it('refuses a version the registry lists on another origin', async () => {
    const staged = { ...version('customer', '1.1.0', 'https://evil.test'), percent: 0 };
    answer(withCustomer({ ...version('customer', '1.0.0', localCdn), staged }));
    const config = await fetchRuntimeConfig(at('http://localhost:8080/?preview=customer@1.1.0'));
    expect(config.preview).toEqual({ refused: 'customer 1.1.0 is not deployed in this environment.' });
  });

  const liveCdn = 'https://bnt-cdn.ezyrewards.co.nz';
  const liveToken = 'signed-by-the-deploy-tool';

  /** bnt-live's registry with customer 1.1.0 staged, signed with liveToken, expiring as given. */
  async function stageOnLive(previewExpires: string | undefined) {
    const staged = {
      ...version('customer', '1.1.0', liveCdn),
      percent: 0,
      previewTokenHash: await sha256Hex(liveToken),
      ...(previewExpires ? { previewExpires } : {}),
    };
    answer(withCustomer({ ...version('customer', '1.0.0', liveCdn), staged }));
    return staged;
  }

  it('on a live environment, previews only with the token whose hash the registry holds', async () => {
    const staged = await stageOnLive(new Date(Date.now() + 60_000).toISOString());
    const live = 'https://bnt.ezyrewards.co.nz/?preview=customer@1.1.0';
    expect((await fetchRuntimeConfig(at(live))).preview).toEqual({
      refused: 'This preview link of customer 1.1.0 is not signed for this environment.',
    });
    expect((await fetchRuntimeConfig(at(`${live}&token=forged`))).preview).toEqual({
      refused: 'This preview link of customer 1.1.0 is not signed for this environment.',
    });
    const config = await fetchRuntimeConfig(at(`${live}&token=${liveToken}`));
    expect(config.preview).toEqual({ remote: 'customer', version: '1.1.0', manifest: staged.manifest });
    expect(config.remotes.customer).toBe(staged.manifest);
  });

  it.each([
    ['after its expiry', new Date(Date.now() - 1000).toISOString()],
    ['without an expiry', undefined],
    ['with an expiry that is no date', 'soon'],
  ])('on a live environment, refuses a signed preview link %s', async (_, previewExpires) => {
    await stageOnLive(previewExpires);
    const config = await fetchRuntimeConfig(
      at(`https://bnt.ezyrewards.co.nz/?preview=customer@1.1.0&token=${liveToken}`),
    );
    expect(config.preview).toEqual({ refused: 'This preview link of customer 1.1.0 has expired.' });
    expect(config.remotes.customer).toBe(version('customer', '1.0.0', liveCdn).manifest);
    expect(sessionStorage.getItem('ezy-preview')).toBeNull();
  });
});

describe('startupRuntimeConfig', () => {
  const saved = {
    remotes: {
      ...registry.remotes,
      customer: { version: '0.9.0', manifest: 'https://cdn.test/customer/0.9.0/mf-manifest.json' },
    },
  };

  const SAVED_KEY = 'ezy-registry:http://localhost:8281/registry.json';

  /** A page the service worker answers, with `copy` as the device's saved registry (none: nothing saved). */
  function controlledBy(copy: object | undefined) {
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { controller: {} } });
    vi.stubGlobal('caches', {});
    if (copy) localStorage.setItem(SAVED_KEY, JSON.stringify(copy));
    else localStorage.removeItem(SAVED_KEY);
  }

  /** The module afresh: the start-up config is read once per page. */
  const freshModule = async () => {
    vi.resetModules();
    return import('./runtime-config');
  };

  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it("starts a return visit from the device's copy of the registry, asking the network only when checked", async () => {
    controlledBy(saved);
    const networkAsked = answer(registry);
    const { startupRuntimeConfig, startedFromSavedRegistry, fetchRuntimeConfig } = await freshModule();
    const config = await startupRuntimeConfig(at('http://localhost:8280/'));
    expect(config.versions?.customer).toBe('0.9.0');
    expect(startedFromSavedRegistry()).toBe(true);
    // Nothing goes to the network for the first screen; the check after it does, each time.
    expect(networkAsked()).toHaveLength(0);
    expect((await fetchRuntimeConfig(at('http://localhost:8280/'))).versions?.customer).toBe('1.0.0');
    expect(networkAsked()).toHaveLength(1);
    await fetchRuntimeConfig(at('http://localhost:8280/'));
    expect(networkAsked()).toHaveLength(2);
    // Each fetched registry is the next start's copy.
    expect(JSON.parse(localStorage.getItem(SAVED_KEY) ?? 'null')).toEqual(registry);
  });

  it('keeps no copy of a registry it cannot use, and starts from the network over an unreadable copy', async () => {
    controlledBy(saved);
    localStorage.setItem(SAVED_KEY, '{not json');
    const networkAsked = answer({ remotes: {} });
    const { startupRuntimeConfig } = await freshModule();
    await expect(startupRuntimeConfig(at('http://localhost:8280/'))).rejects.toThrow();
    expect(networkAsked()).toHaveLength(1);
    expect(localStorage.getItem(SAVED_KEY)).toBe('{not json');
  });

  it('fetches the registry on a first visit, with nothing cached, and for a preview link', async () => {
    const networkAsked = answer(registry);
    let module = await freshModule();
    expect((await module.startupRuntimeConfig(at('http://localhost:8280/'))).versions?.customer).toBe(
      '1.0.0',
    );
    expect(module.startedFromSavedRegistry()).toBe(false);

    controlledBy(undefined);
    module = await freshModule();
    expect((await module.startupRuntimeConfig(at('http://localhost:8280/'))).versions?.customer).toBe(
      '1.0.0',
    );

    controlledBy(saved);
    module = await freshModule();
    const preview = at('http://localhost:8280/?preview=customer@0.9.0');
    expect((await module.startupRuntimeConfig(preview)).versions?.customer).toBe('1.0.0');
    expect(module.startedFromSavedRegistry()).toBe(false);
    expect(networkAsked()).toHaveLength(3);
  });
});
