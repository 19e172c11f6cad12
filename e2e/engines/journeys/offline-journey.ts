import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { localCdnOrigin } from '@promo/domain/environments/environments';
import { demo } from '../../support/demo.ts';
import { copyOfShellBuild, startPwaStack, type PwaStack } from '../../support/pwa-stack.ts';
import { role, type EngineName } from '../driver.ts';
import { journeyBrowser, offlineStackOrigin, PHONE, signIn, STEP_TIMEOUT } from '../engine-support.ts';

/** The offline store's name and the query the dashboard's offline copy must hold (e2e/support/pwa.ts). */
const OFFLINE_STORE = 'promotion-pwa';
const CURRENT_PROMOTIONS = JSON.stringify(['promotions', 'current']);
/** The worker registers once the page is idle and then caches what the page loaded. */
const WORKER_MS = 30_000;

/** What the page's service worker and offline store hold, read in the page. */
async function offlineState(store: string, remoteFiles: string) {
  const cached: string[] = [];
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    cached.push(...(await cache.keys()).map((request) => request.url));
  }
  const loaded = performance.getEntriesByType('resource').map((entry) => entry.name);
  // Every file of the customer remote's version, as the worker caches it whole
  // (shell/src/service-worker/remote-versions.ts): offline, the page may need a chunk this visit
  // did not run (a shared module's, chosen afresh at start).
  const manifestUrl = loaded.find((url) => url.startsWith(remoteFiles) && url.endsWith('/mf-manifest.json'));
  type Assets = { js?: { sync?: string[]; async?: string[] }; css?: { sync?: string[]; async?: string[] } };
  const manifest = manifestUrl
    ? ((await (await fetch(manifestUrl)).json()) as {
        metaData?: { remoteEntry?: { name?: string } };
        exposes?: { assets?: Assets }[];
        shared?: { assets?: Assets }[];
      })
    : undefined;
  const listed = (assets: Assets | undefined) =>
    [assets?.js, assets?.css].flatMap((kind) => [...(kind?.sync ?? []), ...(kind?.async ?? [])]);
  const scripts = manifest
    ? [
        manifest.metaData?.remoteEntry?.name ?? 'remoteEntry.js',
        ...(manifest.exposes ?? []).flatMap((expose) => listed(expose.assets)),
        ...(manifest.shared ?? []).flatMap((shared) => listed(shared.assets)),
      ].map((file) => new URL(file, manifestUrl).href)
    : [];
  const persisted = await new Promise<string[]>((resolve) => {
    const opening = indexedDB.open(store);
    opening.onerror = () => resolve([]);
    opening.onsuccess = () => {
      const db = opening.result;
      if (!db.objectStoreNames.contains('keyval')) {
        db.close();
        resolve([]);
        return;
      }
      const reading = db.transaction('keyval').objectStore('keyval').get('query-cache');
      reading.onerror = () => resolve([]);
      reading.onsuccess = () => {
        const value = reading.result as { clientState?: { queries?: { queryKey: unknown }[] } } | undefined;
        db.close();
        resolve((value?.clientState?.queries ?? []).map((query) => JSON.stringify(query.queryKey)));
      };
    };
  });
  return {
    controlled: navigator.serviceWorker.controller !== null,
    scope: (await navigator.serviceWorker.getRegistration())?.scope ?? null,
    cached,
    manifestUrl,
    scripts,
    persisted,
  };
}

/** The files from `origins` (not the API's answers) this page asked for that no cache holds, read in the page. */
async function uncachedFiles(origins: string[]): Promise<string[]> {
  const cached = new Set<string>();
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) cached.add(request.url);
  }
  const asked = performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter(
      (url) => origins.some((origin) => url.startsWith(origin)) && !new URL(url).pathname.startsWith('/api/'),
    );
  return [...new Set(asked)].filter((url) => !cached.has(url));
}

/** Which cache holds each of `urls` now ('none' for a file no cache holds), read in the page. */
async function cachesHolding(urls: string[]): Promise<string[]> {
  const holders = new Map<string, string[]>(urls.map((url) => [url, []]));
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) holders.get(request.url)?.push(name);
  }
  return [...holders].map(
    ([url, names]) => `${url.split('/').slice(-2).join('/')} in ${names.join(' and ') || 'none'}`,
  );
}

/**
 * The installed app without its server, at phone size, on a stack of its own (its own origins, so
 * its service worker and the closing of its servers touch no other journey): the demo customer's
 * dashboard once online, then again with the shell, the CDN and the API unreachable.
 */
export function offlineJourney(engine: EngineName): void {
  void describe(`${engine}: the installed app without its server`, { timeout: STEP_TIMEOUT * 3 }, () => {
    const shell = offlineStackOrigin(engine);
    const session = journeyBrowser(engine, PHONE, shell);
    let stack: PwaStack | undefined;
    /** The customer remote's files the first step saw cached. */
    let remoteFiles: string[] = [];
    before(
      async () => {
        stack = await startPwaStack(copyOfShellBuild(), { shell, remotes: localCdnOrigin(shell) });
        await session.open();
      },
      { timeout: STEP_TIMEOUT },
    );
    after(async () => {
      await session.close();
      await stack?.close();
    });

    void it(
      'the service worker controls the page and keeps the app and the dashboard’s data',
      { timeout: STEP_TIMEOUT },
      async () => {
        const browser = session.get();
        await browser.open('/login');
        assert.equal(
          await browser.evaluate(() => 'serviceWorker' in navigator),
          true,
          `${engine}: no service worker`,
        );
        await signIn(browser, demo.customer);
        await browser.find(role('heading', 'Active Promotions'));
        let state: Awaited<ReturnType<typeof offlineState>> | undefined;
        await browser.waitFor(
          async () => {
            state = await browser.evaluate(offlineState, OFFLINE_STORE, `${localCdnOrigin(shell)}/customer/`);
            return (
              state.controlled &&
              state.cached.includes(`${localCdnOrigin(shell)}/registry.json`) &&
              state.cached.some(
                (url) =>
                  url.startsWith(`${localCdnOrigin(shell)}/customer/`) && url.endsWith('/mf-manifest.json'),
              ) &&
              state.scripts.length > 0 &&
              state.scripts.every((url) => state?.cached.includes(url)) &&
              state.persisted.includes(CURRENT_PROMOTIONS)
            );
          },
          () =>
            `the worker ${state?.controlled ? 'controls the page' : 'does not control the page'}; ` +
            `${state?.scripts.filter((url) => !state?.cached.includes(url)).length ?? '?'} files of the customer remote's version not cached; ` +
            `offline copy ${JSON.stringify(state?.persisted)}`,
          WORKER_MS,
        );
        assert.equal(state?.scope, `${shell}/`);
        remoteFiles = state?.scripts ?? [];
      },
    );

    void it(
      'with the server unreachable the dashboard opens from the cache with its saved data',
      { timeout: STEP_TIMEOUT },
      async () => {
        const browser = session.get();
        await stack?.close();
        stack = undefined;
        await browser.open('/');
        try {
          await browser.find(role('heading', 'Active Promotions'));
        } catch (error) {
          // Which of the page's files the cache could not answer: the cause of a remote that did
          // not load offline, which the page itself only calls a failed download.
          const missing = await browser
            .evaluate(uncachedFiles, [`${shell}/`, `${localCdnOrigin(shell)}/`])
            .catch((reason: unknown) => [`(unreadable: ${String(reason)})`]);
          const logged = await browser.consoleErrors();
          const holding = await browser
            .evaluate(cachesHolding, remoteFiles)
            .catch((reason: unknown) => [`(unreadable: ${String(reason)})`]);
          throw new Error(
            `${error instanceof Error ? error.message : String(error)}\n  files of the shell and the CDN the page asked for ` +
              `and Cache Storage lacks: ${missing.length > 0 ? missing.join(', ') : 'none'}` +
              `\n  the customer remote's files, cached when online, now: ${holding.join(', ')}` +
              (logged
                ? `\n  the page's console errors: ${logged.length > 0 ? logged.join(' | ') : 'none'}`
                : ''),
            { cause: error },
          );
        }
        await browser.find(role('heading', 'New Promotions'));
        const notice = role('status', undefined, { hasText: 'The server cannot be reached' });
        await browser.expectText(
          notice,
          /Showing your saved data as at \d{1,2}:\d{2} [AP]M on \d{1,2} \w+ \d{4}\./,
        );
        await browser.expectText(notice, 'Anything that needs the server');
      },
    );
  });
}
