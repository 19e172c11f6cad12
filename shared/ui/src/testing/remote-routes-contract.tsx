import { patternsOf, type RemoteName } from '@promo/domain/paths';
import type { RemoteRoutesModule } from '@promo/domain/remote-contract';
import type { RouteObject } from '@promo/ui/router';
import { screen, waitFor, type ByRoleMatcher } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

/** Every path a route table names, its children's included. */
export function routePaths(routes: RouteObject[]): string[] {
  return routes.flatMap((route) => [
    ...(route.path ? [route.path] : []),
    ...routePaths(route.children ?? []),
  ]);
}

/** Whether the route `pattern` (e.g. '/promotions/:id') matches `url`'s path. */
export function matchesPattern(pattern: string, url: string): boolean {
  const [path = ''] = url.split('?');
  return new RegExp(`^${pattern.replace(/:[^/]+/g, '[^/]+')}$`).test(path);
}

/** A URL of the remote and what its page shows once it has its data. */
export interface RoutePageCheck {
  url: string;
  /**
   * A landmark of the page: e.g. the heading 'Current Promotions'. Without a role, `name` is text
   * the page shows (a loading state's words, which its role does not name).
   */
  role?: ByRoleMatcher;
  name: string;
  /** The header title the page sets ('(back)' after it when it offers back), when it sets one. */
  title?: string;
}

/**
 * The shell/remote contract (shared/promo-domain/src/paths.ts) for one remote's routes module,
 * checked in its unit tests rather than discovered in the browser: it names itself, it mounts
 * exactly the patterns the shell gives it, and each of them renders its page. `render` fakes the
 * API the page needs and renders the remote's routes at the URL (renderRoutes).
 */
export function describeRemoteRoutes(
  module: RemoteRoutesModule,
  remote: RemoteName,
  { pages, render }: { pages: RoutePageCheck[]; render: (url: string) => void },
) {
  describe(`the ${remote} remote routes module`, () => {
    it('names itself as the shell expects', () => {
      expect(module.remote).toBe(remote);
    });

    it('renders only absolute paths that the shell mounts for it', () => {
      const paths = routePaths(module.createRoutes());
      expect(paths.length).toBeGreaterThan(0);
      for (const path of paths) expect(patternsOf(remote)).toContain(path);
    });

    it('renders every pattern the shell mounts for it, each exactly once', () => {
      const paths = routePaths(module.createRoutes());
      expect(paths.toSorted()).toEqual(patternsOf(remote).toSorted());
      expect(new Set(paths).size).toBe(paths.length);
    });

    it('checks a page for every pattern it mounts', () => {
      for (const pattern of patternsOf(remote))
        expect(pages.some(({ url }) => matchesPattern(pattern, url))).toBe(true);
    });

    it.each(pages)('renders its page at $url', async ({ url, role, name, title }) => {
      render(url);
      expect(await (role ? screen.findByRole(role, { name }) : screen.findByText(name))).toBeVisible();
      if (title !== undefined)
        await waitFor(() => expect(screen.getByTestId('frame')).toHaveTextContent(title));
      expect(screen.queryByTestId('elsewhere')).not.toBeInTheDocument();
    });
  });
}
