/**
 * Startup preload: the shell's page names, in its HTML, every file its entry loads on start.
 *
 * Why: the shell's entry is a few KB; the federation runtime in it then asks for the bootstrap
 * chunk and the shared modules the shell provides (React, react-dom, the router, react-query...)
 * only once the entry has downloaded and run. On a mobile link that is a full round trip and more
 * before the biggest files even start. With `<link rel="preload">` for those files the browser
 * fetches them in parallel with the entry, from the HTML's first bytes; no byte is added, the
 * same requests start earlier (docs/decisions/005-start-up-sequence.md has the before and after).
 *
 * Which files: those of the chunk groups that are direct children of the entry's group, i.e. what
 * the entry itself imports on start (its bootstrap and the provided shared modules). Their own
 * children are left out on purpose: the fallbacks of shared modules (loaded only when no one
 * provides them) and the lazily loaded pages, which the page may never need.
 *
 * Shared modules that only some pages use are left out (`lazyModules`): TanStack Query is provided
 * by the shell but loaded only by pages that ask for data, so /login must not preload it (docs/decisions/002-session-store.md).
 *
 * The entry's own scripts get `fetchpriority="high"`: a deferred script is otherwise fetched at low
 * priority, behind the preloads, yet it is the one that starts the session check, the registry and
 * the remote's manifest, which the page waits on as much as on the bulk of the code (over HTTP/2 the
 * files share one connection, and the browser sends the high-priority ones first).
 */
import type { RsbuildPlugin } from '@rsbuild/core';

/** One `<link rel="preload">` to write. */
export interface Preload {
  href: string;
  as: 'script' | 'style';
}

/**
 * The preloads for the files of the entry's child chunk groups (`childGroupFiles`, one list per
 * group, in the bundler's order), leaving out the files the page already loads (`pageFiles`,
 * e.g. the entry's own scripts) and anything that is neither script nor stylesheet.
 */
export function startupPreloads(
  childGroupFiles: readonly (readonly string[])[],
  pageFiles: readonly string[],
  assetPrefix: string,
): Preload[] {
  const prefix = assetPrefix.endsWith('/') ? assetPrefix : `${assetPrefix}/`;
  const seen = new Set(pageFiles);
  const preloads: Preload[] = [];
  for (const file of childGroupFiles.flat()) {
    if (seen.has(file)) continue;
    seen.add(file);
    const as = file.endsWith('.js') ? 'script' : file.endsWith('.css') ? 'style' : undefined;
    if (as) preloads.push({ href: `${prefix}${file}`, as });
  }
  return preloads;
}

export interface StartupPreloadOptions {
  entryName?: string;
  /**
   * Absolute paths of modules that not every page needs: a child group whose chunks hold one of
   * them is not preloaded (its files are, where another preloaded group has them too).
   */
  lazyModules?: readonly string[];
}

/** Rsbuild plugin for the shell: adds the startup preloads to the head of its HTML. */
export function pluginStartupPreload({
  entryName = 'index',
  lazyModules = [],
}: StartupPreloadOptions = {}): RsbuildPlugin {
  return {
    name: 'ezy:startup-preload',
    setup(api) {
      api.modifyHTMLTags((tags, { compilation, assetPrefix }) => {
        const entry = compilation.entrypoints.get(entryName);
        if (!entry) return tags;
        const holdsLazyModule = (group: (typeof entry.childrenIterable)[number]) =>
          group.chunks.some((chunk) =>
            compilation.chunkGraph
              .getChunkModules(chunk)
              .some((module) => lazyModules.includes(module.nameForCondition() ?? '')),
          );
        const preloads = startupPreloads(
          entry.childrenIterable.filter((group) => !holdsLazyModule(group)).map((group) => group.getFiles()),
          entry.getFiles(),
          assetPrefix,
        );
        const links = preloads.map(({ href, as }) => ({
          tag: 'link',
          attrs: { rel: 'preload', as, href },
        }));
        const headTags = tags.headTags.map((tag) =>
          tag.tag === 'script' && typeof tag.attrs?.src === 'string'
            ? { ...tag, attrs: { ...tag.attrs, fetchpriority: 'high' } }
            : tag,
        );
        return { ...tags, headTags: [...headTags, ...links] };
      });
    },
  };
}
