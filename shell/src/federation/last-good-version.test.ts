import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReleaseEvent } from '../release-health/release-events';

const registerRemotes = vi.fn();
vi.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes,
  registerPlugins: vi.fn(),
  loadRemote: vi.fn(),
}));

const manifest = (version: string) => `http://cdn.test/customer/${version}/mf-manifest.json`;
const remotes = { public: 'p', salesrep: 's', customer: manifest('9.9.9') };

/** A fresh page view: the module's state and the events channel start empty. */
async function pageView(fallbacks = { customer: { version: '1.0.0', manifest: manifest('1.0.0') } }) {
  vi.resetModules();
  registerRemotes.mockClear();
  const events: ReleaseEvent[] = [];
  (await import('../release-health/release-events')).onReleaseEvent((event) => events.push(event));
  const lastGood = await import('./last-good-version');
  lastGood.configureVersions({
    remotes,
    versions: { public: '1', salesrep: '1', customer: '9.9.9' },
    fallbacks,
  });
  const routes = { remote: 'customer', createRoutes: () => [] };
  const origin = { loadRemote: vi.fn(() => Promise.resolve(routes)) };
  const fail = (error: Error, lifecycle = 'onLoad') =>
    lastGood.lastGoodVersionPlugin.errorLoadRemote!({
      id: 'ezy_customer/routes',
      error,
      lifecycle,
      from: 'runtime',
      origin,
    } as never);
  return { lastGood, events, origin, routes, fail };
}

describe('lastGoodVersionPlugin', () => {
  beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => undefined));

  it("loads the remote's last good version when the served one fails, and reports both", async () => {
    const { lastGood, events, origin, routes, fail } = await pageView();
    await expect(fail(new Error('[ RUNTIME-008 ] Failed to load script resources'))).resolves.toBe(routes);
    expect(registerRemotes).toHaveBeenCalledWith([{ name: 'ezy_customer', entry: manifest('1.0.0') }], {
      force: false,
    });
    expect(origin.loadRemote).toHaveBeenCalledWith('ezy_customer/routes');
    expect(events).toEqual([
      expect.objectContaining({ type: 'load-failure', remote: 'customer', version: '9.9.9', stage: 'entry' }),
      { type: 'fallback', remote: 'customer', from: '9.9.9', to: '1.0.0' },
    ]);
    expect(lastGood.servingVersion('customer')).toBe('1.0.0');
    expect(lastGood.fallenBack.has('customer')).toBe(true);
    expect(lastGood.lastGoodOf('customer')).toBeUndefined();
  });

  it('falls back once per page view: a failing last good version is reported and thrown', async () => {
    const { events, fail } = await pageView();
    await fail(new Error('[ RUNTIME-003 ] Failed to get manifest'));
    await expect(fail(new Error('boom'))).resolves.toBeUndefined();
    expect(events.at(-1)).toEqual(
      expect.objectContaining({ type: 'load-failure', version: '1.0.0', stage: 'module', message: 'boom' }),
    );
  });

  it('leaves other lifecycles and remotes without a last good version to the error', async () => {
    const { events, fail } = await pageView();
    expect(await fail(new Error('manifest'), 'afterResolve')).toBeUndefined();
    expect(events).toEqual([]);
    const without = await pageView({} as never);
    await expect(without.fail(new Error('boom'))).resolves.toBeUndefined();
    expect(without.events).toEqual([expect.objectContaining({ type: 'load-failure', version: '9.9.9' })]);
    expect(registerRemotes).not.toHaveBeenCalled();
  });

  it('keeps the update prompt quiet while the registry still points to the version that failed', async () => {
    const { lastGood, fail } = await pageView();
    await fail(new Error('boom'));
    expect((await lastGood.loadedManifests(remotes)).customer).toBe(manifest('1.0.0'));
    const redeployed = { ...remotes, customer: manifest('9.9.10') };
    expect((await lastGood.loadedManifests(redeployed)).customer).toBe(manifest('9.9.10'));
  });
});
