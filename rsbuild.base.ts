/**
 * One Rsbuild factory for every app: React, Module Federation and the shared
 * singletons are configured here once, so the shell and the remotes cannot drift apart.
 * Each app's rsbuild.config.ts is a few lines that call defineAppConfig.
 */
import { createRequire } from 'node:module';
import { basename, dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type RsbuildConfig, type RsbuildPlugin } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { pluginCompileHints } from './scripts/build/compile-hints';
import { pluginPrecompress } from './scripts/build/precompress';
import { pluginStartupPreload } from './scripts/build/startup-preload';

/** The loader behind `?worker-script` imports. */
const WORKER_SCRIPT_LOADER = fileURLToPath(
  new URL('./scripts/build/worker-script-loader.mjs', import.meta.url),
);
/** The files that loader builds, named after their source: `x.worker.ts` becomes `x.worker.<hash>.js`. */
const WORKER_SCRIPT_FILE = /\.worker\.[^/]*\.js$/;

/** The manifest's stats with the build's worker scripts in `metaData.workerScripts`. */
function withWorkerScripts<Stats extends { metaData: object }>({
  stats,
  compilation,
}: {
  stats: Stats;
  compilation: { getAssets(): readonly { name: string }[] };
}): Stats {
  const workerScripts = compilation
    .getAssets()
    .map((asset) => asset.name)
    .filter((name) => WORKER_SCRIPT_FILE.test(name));
  return { ...stats, metaData: { ...stats.metaData, workerScripts } };
}

const require = createRequire(import.meta.url);

/** TanStack Query's facade, the module shared for it (only pages that ask for data load it). */
const QUERY_FACADE = require.resolve('@promo/domain/query');

/**
 * What the shell's entry imports only on occasion: a preview link's checks, what a remote's
 * failure does (docs/decisions/032-release-safety.md), the offline store, which a first visit
 * to the sign-in page never opens (shell/src/offline/saved-session.ts), the drawing of a
 * return visit's last screen (shell/src/offline/last-screen.ts) and the check for a redeployed
 * remote, which runs after the first screen. Not preloaded: no first visit needs them to start.
 */
const SHELL_OCCASIONAL_MODULES = [
  'shell/src/runtime-config/release-choice.ts',
  'shell/src/federation/fall-back.ts',
  'shell/src/offline/offline-store.ts',
  'shell/src/offline/last-screen-draw.ts',
  'shell/src/app-update/remote-manifest-check.ts',
].map((path) => fileURLToPath(new URL(path, import.meta.url)));

/**
 * The workspace modules that hold state the shell and the remotes must see as one instance: the
 * configured http client and the session, the runtime config, the router, and the app's jotai
 * store with jotai inside it (@promo/ui/app-store) and the atoms behind notifications and the page
 * frame. The other @promo modules are pure
 * (rules, formatting, query options, presentational components): each app bundles what it uses
 * into its own chunks, which saved a request and a chunk wrapper per module per page.
 * A stateful module added to shared/ must be listed here (the remote contract check reads the
 * shell's manifest, so a remote built with an older list is caught before it deploys).
 */
export const STATEFUL_WORKSPACE_MODULES = [
  '@promo/domain/http/http-client',
  '@promo/domain/session/session',
  '@promo/domain/remote-contract',
  '@promo/ui/router',
  '@promo/ui/notifications',
  '@promo/ui/page-frame',
  '@promo/ui/app-store',
] as const;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The shell's copies of the stateful workspace modules (the router aside, which has its own
 * chunk), matched by path: they are put in one chunk instead of one chunk each. Every page loads all
 * of them at start, and five small files cost more than one: each has its own wrapper, gzip header
 * and compression context, and its own request (-0.9 KB gzip and 4 requests on /login, docs/decisions/004-one-federation-runtime.md).
 * Each module's folder goes in (its rules with it), save for a module at the top of a package's src.
 */
function sharedStateChunkTest(): RegExp {
  const paths = STATEFUL_WORKSPACE_MODULES.filter((name) => name !== '@promo/ui/router').map((name) => {
    const file = require.resolve(name);
    return basename(dirname(file)) === 'src' ? file : dirname(file) + sep;
  });
  // jotai, bundled into @promo/ui/app-store, goes with it.
  paths.push(dirname(require.resolve('jotai/package.json')) + sep);
  return new RegExp(`^(${paths.map(escapeRegExp).join('|')})`);
}

/** The query facade (QUERY_FACADE) and the two TanStack packages it bundles. */
function queryChunkTest(): RegExp {
  const packages = /node_modules[\\/]@tanstack[\\/](react-query|query-core)[\\/]/;
  return new RegExp(`^${escapeRegExp(QUERY_FACADE)}$|${packages.source}`);
}

/**
 * What every app shares, as singletons, so no remote can bring a second React or QueryClient.
 * jotai is not among them: it is bundled into @promo/ui/app-store, which is.
 * The `react/`-style keys share subpath imports (react/jsx-runtime, react-dom/client, ...).
 *
 * The version policy (a remote's copy caret-compatible with the shell's, both ways) is checked
 * before a remote deploys, from the versions in each build's manifest (`npm run check:contracts`,
 * scripts/deploy/remote-contract.ts), not in the browser: there, for a singleton, a range the
 * loaded copy misses only logs a warning, and checking one cost 2-4 ms at 4x CPU, each shared
 * module on each start (docs/decisions/004-one-federation-runtime.md).
 */
export function sharedSingletons() {
  const singleton = { singleton: true, requiredVersion: false } as const;
  return Object.fromEntries(
    [
      'react',
      'react/',
      'react-dom',
      'react-dom/',
      // TanStack Query, tree-shaken inside its facade (shared/promo-domain/src/query.ts).
      '@promo/domain/query',
      'dayjs',
      ...STATEFUL_WORKSPACE_MODULES,
    ].map((name) => [name, singleton]),
  );
}

/**
 * Rspack's federation plugin finds its runtime with require.resolve, which picks the CommonJS
 * builds: nothing in them can be tree-shaken, so every page carried the SDK's Node.js code too.
 * Pointing the same modules at their ES builds lets the bundler drop what the browser never runs.
 */
function federationRuntimeAsEsm(): Record<string, string> {
  const cjsEntry = (pkg: string) => require.resolve(pkg);
  const esmEntry = (pkg: string) => cjsEntry(pkg).replace(/\.cjs$/, '.js');
  return {
    // Imported by absolute path from the generated runtime entry.
    [cjsEntry('@module-federation/webpack-bundler-runtime')]: esmEntry(
      '@module-federation/webpack-bundler-runtime',
    ),
    [cjsEntry('@module-federation/inject-external-runtime-core-plugin')]: esmEntry(
      '@module-federation/inject-external-runtime-core-plugin',
    ),
    // The plugin aliases these two to their CommonJS entries; their dist folders hold the ES builds
    // of the entry and every subpath (runtime/core, runtime-tools/runtime-core, ...).
    '@module-federation/runtime': dirname(esmEntry('@module-federation/runtime')),
    '@module-federation/runtime-tools': dirname(esmEntry('@module-federation/runtime-tools')),
  };
}

/**
 * react-router's package exports name only its development build (warnings and all) for browsers;
 * the production build beside it is the same API without them.
 */
function reactRouterProductionBuild(): Record<string, string> {
  const production = join(dirname(require.resolve('react-router/package.json')), 'dist/production');
  return {
    'react-router$': join(production, 'index.mjs'),
    'react-router/dom$': join(production, 'dom-export.mjs'),
  };
}

/**
 * react-router's production build keeps components the app never renders (its Form,
 * ScrollRestoration, HistoryRouter, Link and NavLink, with the data router's and the framework
 * mode's hooks behind them: about 3.5 KB gzip of every page). Each is created by a call the bundler
 * must assume has effects (`var Link = React.forwardRef(…)`, `React.memo(…)`, `React.createContext(…)`),
 * then named for React's developer tools in a statement of its own (`Link.displayName = "Link"`).
 * The calls are marked pure, as React's own are, and the names left out, so what nothing imports goes.
 */
function pluginReactRouterTreeShaken(): RsbuildPlugin {
  const production = join(dirname(require.resolve('react-router/package.json')), 'dist/production') + sep;
  return {
    name: 'ezy:react-router-tree-shaken',
    setup(api) {
      api.transform({ test: (file: string) => file.startsWith(production) }, ({ code }) =>
        code
          .replace(/^(var \w+ = )(React\d*\.(?:forwardRef|memo|createContext)\()/gm, '$1/* @__PURE__ */ $2')
          .replace(/^\w+\.displayName = "[^"]*";$/gm, ''),
      );
    },
  };
}

/**
 * tslib's package exports give bundlers its ES build, but ECharts and ZRender pin tslib 2.3.0 and
 * each carry a nested copy, so a chart chunk held three tslibs (and a CommonJS `require('tslib')`
 * keeps every helper of the one it gets). One ES build for every importer: the bundler keeps one
 * copy of the helpers that are used. The `$` keeps subpath imports (tslib/...) as they are.
 */
function tslibAsOneEsBuild(): Record<string, string> {
  return { tslib$: join(dirname(require.resolve('tslib/package.json')), 'tslib.es6.mjs') };
}

/**
 * The query cache's persister (@tanstack/query-persist-client-core, shell/src/offline/query-persister.ts)
 * imports dehydrate and hydrate from @tanstack/query-core, which no app shares: the shell would
 * bundle a second copy of them (2.4 KB gzip on every page with data) beside the shared query
 * facade, which exports the same functions of the same query-core (one version, pinned by the root
 * package.json's overrides). Its import is pointed at the facade.
 */
function persisterOnSharedQueryCore(
  Plugin: typeof import('@rspack/core').rspack.NormalModuleReplacementPlugin,
): InstanceType<typeof Plugin> {
  const persister = `${sep}@tanstack${sep}query-persist-client-core${sep}`;
  return new Plugin(/^@tanstack\/query-core$/, (data) => {
    if (data.contextInfo.issuer.includes(persister)) data.request = '@promo/domain/query';
  });
}

/**
 * ECharts' core registers, as it loads, parts that the spend chart (shared/ui/src/spend-chart) never
 * reaches: the dark theme, the Chinese locale, the loading animation, the preprocessor that renames
 * options of earlier ECharts versions, decal patterns (with zrender's canvas painter, which draws
 * them), rich-text tooltips (for environments without a DOM) and the SVG renderer's CSS animation
 * (for rendering to a string). Registration keeps them from tree shaking; each is replaced by a
 * stand-in of a few bytes (shared/ui/src/spend-chart/echarts-left-out/), which fails loudly if it
 * is ever reached, and the Chinese locale by the English one.
 */
function echartsLeftOut(
  Plugin: typeof import('@rspack/core').rspack.NormalModuleReplacementPlugin,
): InstanceType<typeof Plugin> {
  const standIn = (file: string) =>
    join(dirname(require.resolve('@promo/ui/package.json')), 'src/spend-chart/echarts-left-out', file);
  const replacements = new Map([
    [require.resolve('echarts/lib/theme/dark.js'), standIn('dark-theme.ts')],
    [require.resolve('echarts/lib/i18n/langZH.js'), require.resolve('echarts/lib/i18n/langEN.js')],
    [require.resolve('echarts/lib/loading/default.js'), standIn('loading.ts')],
    [require.resolve('echarts/lib/preprocessor/backwardCompat.js'), standIn('backward-compat.ts')],
    [require.resolve('echarts/lib/util/decal.js'), standIn('decal.ts')],
    [
      require.resolve('echarts/lib/component/tooltip/TooltipRichContent.js'),
      standIn('tooltip-rich-content.ts'),
    ],
    [require.resolve('zrender/lib/svg/cssAnimation.js'), standIn('svg-css-animation.ts')],
    [require.resolve('zrender/lib/svg/cssEmphasis.js'), standIn('svg-css-animation.ts')],
  ]);
  const names = [...replacements.keys()].map((file) => basename(file).replace('.', '\\.'));
  // ECharts and zrender import these by relative path: the request is resolved against its folder.
  return new Plugin(new RegExp(`/(${names.join('|')})$`), (data) => {
    if (!data.request.startsWith('.')) return;
    const replacement = replacements.get(join(data.context, data.request));
    if (replacement) data.request = replacement;
  });
}

export interface AppOptions {
  /** Federation name: 'shell', 'public', 'customer' or 'salesrep'. */
  name: string;
  /** Port of the dev server (npm run dev). */
  port: number;
  /** What a remote exposes; the shell exposes nothing. */
  exposes?: Record<string, string>;
  /**
   * Lazily loaded chunks, by name, that open together: a page (`page`, also matched by `chunks`) and
   * the views it starts with its own code. The modules two or more of them use go into the page's
   * chunk whatever their size: not into a copy in each, wherever the default 20 KB threshold is not
   * met, nor into a chunk of their own, which every view would load as two more files, a script and
   * its stylesheet (docs/decisions/007-performance-figures.md, "Chunks that open together").
   */
  openTogether?: { page: string; chunks: RegExp };
}

/**
 * How an app's JavaScript is split: Rsbuild's defaults, the shell's start-up chunks forced
 * together, and what a remote's chunks that open together share in its page's chunk (AppOptions.openTogether).
 */
function chunkSplit(isShell: boolean, openTogether: AppOptions['openTogether']) {
  return {
    strategy: 'split-by-experience' as const,
    ...(isShell
      ? {
          forceSplitting: {
            'shared-state': sharedStateChunkTest(),
            // React's shared entries (react, react/jsx-runtime, react-dom, react-dom/client,
            // scheduler) are each its own chunk otherwise; every page loads all of them at start.
            'lib-react': /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
            // The query facade and the TanStack Query code it re-exports: one chunk, one request.
            'lib-query': queryChunkTest(),
          },
        }
      : {}),
    ...(openTogether
      ? {
          override: {
            cacheGroups: {
              'open-together': {
                name: openTogether.page,
                chunks: openTogether.chunks,
                minChunks: 2,
                minSize: 0,
                priority: 5,
                reuseExistingChunk: true,
              },
            },
          },
        }
      : {}),
  };
}

export function defineAppConfig({ name, port, exposes, openTogether }: AppOptions): RsbuildConfig {
  const isShell = exposes === undefined;
  return defineConfig({
    plugins: [
      pluginReact(),
      pluginReactRouterTreeShaken(),
      pluginModuleFederation({
        name,
        ...(exposes ? { exposes, filename: 'remoteEntry.js' } : {}),
        // Remote URLs are not baked in: the shell registers them at run time from the environment's config.
        remotes: {},
        shared: sharedSingletons(),
        // With the default ('version-first') one unreachable remote blanks the whole page (docs/decisions/004-one-federation-runtime.md).
        shareStrategy: 'loaded-first',
        // Module Federation lists the chunks of exposed and shared modules; a remote's worker scripts
        // are files of their own, listed here (metaData.workerScripts) so the service worker caches
        // them with the rest of the version and a chart's picture is drawn offline too
        // (shell/src/service-worker/remote-versions.ts).
        manifest: { additionalData: withWorkerScripts },
        dts: false,
        // One federation runtime for the page: the shell provides it, remote entries leave theirs out
        // (each remote entry carried its own ~30 KB copy). See docs/decisions/004-one-federation-runtime.md.
        // A remote loads no other remote: its entry leaves out the bundler runtime's remote loading.
        experiments: {
          ...(isShell ? { provideExternalRuntime: true } : { externalRuntime: true }),
          optimization: { target: 'web', ...(isShell ? {} : { disableRemote: true }) },
        },
      }),
      // The shell's HTML preloads what its entry fetches on start (docs/decisions/005-start-up-sequence.md).
      // TanStack Query is left out: only pages that ask for data load it (QueryScope), /login does not.
      ...(isShell
        ? [pluginStartupPreload({ lazyModules: [QUERY_FACADE, ...SHELL_OCCASIONAL_MODULES] })]
        : []),
      // Each chunk's functions compiled as it streams in, off the main thread (scripts/build/compile-hints.ts).
      pluginCompileHints(),
      // .gz (Zopfli) and .br beside each text asset, served as they are (docs/decisions/006-precompression.md).
      pluginPrecompress(),
    ],
    source: {
      entry: { index: './src/index.ts' },
      define: { __BUILD_DATE__: JSON.stringify(new Date().toISOString()) },
    },
    resolve: {
      aliasStrategy: 'prefer-alias',
      alias: {
        ...federationRuntimeAsEsm(),
        ...reactRouterProductionBuild(),
        ...tslibAsOneEsBuild(),
      },
    },
    html: isShell ? { template: './src/index.html', title: 'Ezy Rewards' } : undefined,
    output: {
      // A remote's chunks load from the origin that served its entry, not from the shell's (docs/decisions/004-one-federation-runtime.md);
      // the shell lives at its origin's root, and its deep links (/promotions/1) need absolute asset URLs.
      assetPrefix: isShell ? '/' : 'auto',
      cleanDistPath: true,
      // The shell's start-up stylesheets (its first paint's and its notifications', 1.4 KB) go into
      // its HTML: a stylesheet the page links holds its first frame until it arrives, and a first
      // frame held that long comes a second late in Chromium
      // (docs/decisions/005-start-up-sequence.md, "The first frame"). The Content-Security-Policy
      // allows them by hash (scripts/deploy/security-headers.ts).
      ...(isShell ? { inlineStyles: { enable: 'auto' as const, test: /\.css$/ } } : {}),
      // A class name's readable part is of no use to a visitor, and every route carries the class
      // maps in its JavaScript: production names are the hash alone. Development keeps the default.
      ...(process.env.NODE_ENV === 'production' ? { cssModules: { localIdentName: '[hash:base64:6]' } } : {}),
      // `npm run bench:sources` builds with source maps to attribute each chunk's bytes to its sources.
      sourceMap: { js: process.env.SOURCE_MAPS === '1' ? 'source-map' : false },
    },
    performance: { chunkSplit: chunkSplit(isShell, openTogether) },
    server: { port, cors: true, historyApiFallback: isShell },
    tools: isShell
      ? {
          rspack: (_config, { appendPlugins, rspack }) => {
            appendPlugins(persisterOnSharedQueryCore(rspack.NormalModuleReplacementPlugin));
          },
        }
      : {
          htmlPlugin: false,
          // The remotes draw the spend chart.
          rspack: (_config, { appendPlugins, rspack }) => {
            appendPlugins(echartsLeftOut(rspack.NormalModuleReplacementPlugin));
          },
          // `?worker-script`: a worker built as a file of its own, imported as its URL (the chart's
          // picture worker; scripts/build/worker-script-loader.mjs). Ahead of Rsbuild's own `?worker`.
          bundlerChain: (chain, { CHAIN_ID }) => {
            chain.module
              .rule(CHAIN_ID.RULE.JS)
              .oneOf('js-worker-script')
              .before(CHAIN_ID.ONE_OF.JS_WORKER)
              .resourceQuery(/[?&]worker-script(?:&|$)/)
              .type('javascript/auto')
              .use('worker-script')
              .loader(WORKER_SCRIPT_LOADER);
          },
        },
    dev: { assetPrefix: 'auto' },
  });
}
