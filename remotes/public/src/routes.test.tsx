import { MOUNTS, patternsOf } from '@promo/domain/paths';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
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
});
