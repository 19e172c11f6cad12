import type { RemoteRoutesModule } from '@promo/domain/remote-contract';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReleaseEvent } from '../release-health/release-events';

const registered: string[] = [];
const modules = new Map<string, RemoteRoutesModule>();

/** The loader: the routes module of the manifest registered last, loaded already. */
vi.mock('./remote-loader', () => ({
  registerRemote: (_remote: string, manifest: string) => registered.push(manifest),
  loadedRemoteRoutes: () => modules.get(registered.at(-1)!),
  loadRemoteRoutes: () => Promise.resolve(modules.get(registered.at(-1)!)),
  forgetRemote: () => undefined,
}));

function routesModule(page: () => React.ReactNode): RemoteRoutesModule {
  return { remote: 'customer', createRoutes: () => [{ path: '/', Component: page }] };
}

function Broken(): React.ReactNode {
  throw new Error('A broken customer release');
}

afterEach(() => {
  registered.length = 0;
});

/**
 * RemoteMount over the mocked loader, in a fresh page view: the test project shares modules between
 * files, and another file may have loaded RemoteMount with the real loader.
 */
async function mountCustomer(
  fallbacks: Parameters<typeof import('./last-good-version').configureVersions>[0]['fallbacks'],
) {
  vi.resetModules();
  const { configureVersions } = await import('./last-good-version');
  const { onReleaseEvent } = await import('../release-health/release-events');
  const { RemoteMount } = await import('./remote-mount');
  const { AppRouter, createAppMemoryHistory } = await import('@promo/ui/router');
  configureVersions({
    remotes: { public: 'p', salesrep: 's', customer: registered[0]! },
    versions: { public: '1', salesrep: '1', customer: '9.9.9' },
    fallbacks,
  });
  const events: ReleaseEvent[] = [];
  onReleaseEvent((event) => events.push(event));
  render(
    <AppRouter history={createAppMemoryHistory(['/'])}>
      <RemoteMount remote="customer" />
    </AppRouter>,
  );
  return events;
}

describe('RemoteMount', () => {
  it("renders the last good version, quietly, when the served version's page throws", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    modules.set('served', routesModule(Broken));
    modules.set(
      'last-good',
      routesModule(() => <h1>Active Promotions</h1>),
    );
    registered.push('served');
    const events = await mountCustomer({ customer: { version: '1.0.0', manifest: 'last-good' } });

    expect(await screen.findByRole('heading', { name: 'Active Promotions' })).toBeVisible();
    expect(screen.getByText('Showing the previous version of this section')).toBeVisible();
    expect(screen.queryByText('This section could not be loaded')).toBeNull();
    expect(registered).toEqual(['served', 'last-good']);
    // The page view is emitted by an effect once the last good page has rendered.
    await vi.waitFor(() =>
      expect(events).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ type: 'load-failure', remote: 'customer', version: '9.9.9' }),
          { type: 'fallback', remote: 'customer', from: '9.9.9', to: '1.0.0' },
          { type: 'page-view', remote: 'customer', version: '1.0.0', route: '/' },
        ]),
      ),
    );
  });

  it('without a last good version, says the page crashed and offers Try again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    modules.set('first', routesModule(Broken));
    registered.push('first');
    await mountCustomer({});
    // A page that throws is a crash, not a load failure: no connection advice.
    expect(await screen.findByRole('heading', { name: 'Something went wrong on this screen' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
    expect(registered).toEqual(['first']);
  });
});
