import { patternsOf } from '@promo/domain/paths';
import type { RouteObject } from 'react-router-dom';
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
});
