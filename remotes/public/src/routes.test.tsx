import { MOUNTS, patternsOf } from '@promo/domain/paths';
import { provideQueryClient } from '@promo/domain/remote-contract';
import { render, screen } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { AppRouter, AppRoutes, createAppMemoryHistory } from '@promo/ui/router';
import { describe, expect, it, vi } from 'vitest';
import * as routesModule from './routes';

function routePaths(routes: RouteObject[]): string[] {
  return routes.flatMap((route) => [
    ...(route.path ? [route.path] : []),
    ...routePaths(route.children ?? []),
  ]);
}

// The shell/remote contract (shared/promo-domain/src/paths.ts), checked at build time rather than
// discovered in the browser.
describe('the public remote routes module', () => {
  it('names itself as the shell expects', () => {
    expect(routesModule.remote).toBe('public');
  });

  it('renders only absolute paths that the shell mounts for it', () => {
    const paths = routePaths(routesModule.createRoutes());
    expect(paths.length).toBeGreaterThan(0);
    for (const path of paths) expect(patternsOf('public')).toContain(path);
  });

  it('renders every pattern the shell mounts for it, each exactly once', () => {
    const paths = routePaths(routesModule.createRoutes());
    expect([...paths].sort()).toEqual([...patternsOf('public')].sort());
  });

  it.each(['guest', 'open', 'contact'] as const)('covers the %s mount', (mount) => {
    const paths = routePaths(routesModule.createRoutes());
    for (const pattern of MOUNTS[mount].patterns) expect(paths).toContain(pattern);
  });

  it('gives every route an element', () => {
    for (const route of routesModule.createRoutes()) expect(route.element).toBeTruthy();
  });

  it('shows /login without the QueryClient: every visitor arrives there, TanStack Query stays unloaded', () => {
    const loadClient = vi.fn(() => Promise.reject(new Error('not on /login')));
    provideQueryClient(loadClient);
    void routesModule.preloadRoute('/login');
    // No QueryClientProvider around it: a page that used TanStack Query would throw here.
    render(
      <AppRouter history={createAppMemoryHistory(['/login'])}>
        <AppRoutes routes={routesModule.createRoutes()} />
      </AppRouter>,
    );
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Forgot Password' })).toBeInTheDocument();
    expect(loadClient).not.toHaveBeenCalled();
  });
});
