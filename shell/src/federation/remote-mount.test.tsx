import type { RemoteRoutesModule } from '@promo/domain/remote-contract';
import { AppRouter, createAppMemoryHistory } from '@promo/ui/router';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onReleaseEvent, type ReleaseEvent } from '../release-health/release-events';
import { configureVersions, fallenBack } from './last-good-version';
import { RemoteMount } from './remote-mount';

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
  fallenBack.clear();
  configureVersions({ remotes: { public: '', salesrep: '', customer: '' } });
});

describe('RemoteMount', () => {
  it("renders the last good version, quietly, when the served version's page throws", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    modules.set('served', routesModule(Broken));
    modules.set(
      'last-good',
      routesModule(() => <h1>Active Promotions</h1>),
    );
    registered.push('served');
    configureVersions({
      remotes: { public: 'p', salesrep: 's', customer: 'served' },
      versions: { public: '1', salesrep: '1', customer: '9.9.9' },
      fallbacks: { customer: { version: '1.0.0', manifest: 'last-good' } },
    });
    const events: ReleaseEvent[] = [];
    onReleaseEvent((event) => events.push(event));

    render(
      <AppRouter history={createAppMemoryHistory(['/'])}>
        <RemoteMount remote="customer" />
      </AppRouter>,
    );

    expect(await screen.findByRole('heading', { name: 'Active Promotions' })).toBeVisible();
    expect(screen.getByText('Showing the previous version of this section')).toBeVisible();
    expect(screen.queryByText('This section could not be loaded')).toBeNull();
    expect(registered).toEqual(['served', 'last-good']);
    expect(events).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'load-failure', remote: 'customer', version: '9.9.9' }),
        { type: 'fallback', remote: 'customer', from: '9.9.9', to: '1.0.0' },
        { type: 'page-view', remote: 'customer', version: '1.0.0', route: '/' },
      ]),
    );
  });

  it('without a last good version, says the section could not be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    modules.set('first', routesModule(Broken));
    registered.push('first');
    configureVersions({
      remotes: { public: 'p', salesrep: 's', customer: 'first' },
      versions: { public: '1', salesrep: '1', customer: '1.0.0' },
      fallbacks: {},
    });
    render(
      <AppRouter history={createAppMemoryHistory(['/'])}>
        <RemoteMount remote="customer" />
      </AppRouter>,
    );
    expect(await screen.findByRole('heading', { name: 'This section could not be loaded' })).toBeVisible();
    expect(registered).toEqual(['first']);
  });
});
