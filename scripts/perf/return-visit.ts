/**
 * The return visit: a route opened again in a browser that has been there before, with the service
 * worker installed, the app's files cached and the offline copy of the data saved, on a slow phone
 * link (Lighthouse mobile's figures: 150 ms RTT, 1.6 Mbps down, 750 Kbps up, CPU slowed 4x).
 * `npm run bench` runs it per route of route-budgets.ts (scripts/perf/bench.ts).
 *
 * Each run is a fresh browser profile: the first visit signs in, opens the route and waits until the
 * worker controls the page and has cached what it loaded, and the offline copy is written; the
 * tab is closed and the worker stopped, as a visitor coming back later finds it. A new tab, throttled
 * before it navigates, opens the route again and reports:
 *
 * - FCP and LCP, the page's own paint entries;
 * - blocking time after FCP: Lighthouse's Total Blocking Time (each long task's part over 50 ms,
 *   clipped to the window) between FCP and the moment the route's content was ready, which stands
 *   in for time to interactive (a page's TTI waits for 5 s of quiet, which the bench does not);
 * - the requests that went to the network before LCP: the page's own (those the worker answered
 *   and those the HTTP cache answered left out) and those the worker itself made, which wait on the
 *   same link. A worker that answers from the network (the registry, a remote's manifest and entry)
 *   shows as its own request, so the list names what a return visit still waits for.
 *
 * The worker's requests are throttled through its own DevTools session, as the page's are through
 * the page's; its CPU is not slowed (the CPU throttling applies to the page's renderer).
 *
 * Each run is read two ways: at the route's content ready (LCP so far, blocking from FCP to ready),
 * and as an outside runner reads a return visit, observing for 6 s after the `load` event (the last
 * LCP by then, blocking from FCP to the window's end), so a re-render when fresh data arrives and a
 * chart drawn after the content count too.
 *
 * Until that window ends the page is asked only through the DevTools protocol (inPage), and its
 * content ready is watched from inside it by CSS (the scenario's `shownWhen`): Playwright's
 * locators and evaluate inject its selector engine into the page, a long task of 60-120 ms at 4x CPU
 * on the page's own main thread, which would count as the page's blocking.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import {
  chromium,
  type BrowserContext,
  type CDPSession,
  type LaunchOptions,
  type Page,
} from '@playwright/test';
import { BLOCKING_THRESHOLD_MS } from './blocking-by-script';
import { median, medianRunIndex } from './median-run';
import { signInFor, SHIFT_VIEWPORTS, type RouteScenario } from './route-budgets';
import { POLL_MS, SETTLE_TIMEOUT_MS, waitForServiceWorkerCache } from './worker-cache';

/** Lighthouse's mobile preset ("slow 4G"), applied for real rather than simulated. */
const RETURN_VISIT_CONDITIONS = {
  latencyMs: 150,
  downloadBytesPerSecond: (1.6 * 1024 * 1024) / 8,
  uploadBytesPerSecond: (750 * 1024) / 8,
  cpuSlowdown: 4,
} as const;

/** How long after `load` the watched reading keeps observing LCP and long tasks. */
const WATCH_AFTER_LOAD_MS = 6000;

// ---- Figures (pure) ---------------------------------------------------------------------------

export interface LongTask {
  startTime: number;
  duration: number;
}

/**
 * Lighthouse's Total Blocking Time over [fromMs, toMs]: each task clipped to the window, and its
 * part over 50 ms counted. A task that began before FCP counts only for what it blocked after.
 */
export function blockingTime(tasks: readonly LongTask[], fromMs: number, toMs: number): number {
  let total = 0;
  for (const task of tasks) {
    const start = Math.max(task.startTime, fromMs);
    const end = Math.min(task.startTime + task.duration, toMs);
    total += Math.max(0, end - start - BLOCKING_THRESHOLD_MS);
  }
  return total;
}

/** One request as the DevTools protocol reported it, on the page or in its service worker. */
export interface ObservedRequest {
  url: string;
  /** When it was sent, ms since the epoch (the protocol's wall time). */
  sentAt: number;
  by: 'page' | 'service worker';
  /** The answer came from the memory cache, the HTTP cache or a prefetch. */
  fromCache: boolean;
  /** The page's request was answered by its service worker (which may itself have gone out). */
  fromServiceWorker: boolean;
  /** When its answer had fully arrived, ms since the epoch; undefined while it had not. */
  answeredAt?: number;
}

/**
 * Whether a paint at `lcpAt` (ms since the epoch) can have waited for a request: only if its answer
 * had arrived by then. One answered later is a background check the paint did not wait for.
 */
export const answeredBefore = (request: Pick<ObservedRequest, 'answeredAt'>, lcpAt: number) =>
  request.answeredAt !== undefined && request.answeredAt <= lcpAt;

/** Whether a request waited on the link: not a cache's answer, not the worker's (counted on its side). */
export function wentToNetwork(request: ObservedRequest): boolean {
  if (!/^https?:/.test(request.url)) return false;
  return !request.fromCache && !request.fromServiceWorker;
}

/** The network requests sent before `beforeMs` (ms since the epoch), in the order they were sent. */
export function networkRequestsBefore(
  requests: readonly ObservedRequest[],
  beforeMs: number,
): ObservedRequest[] {
  return requests
    .filter((request) => wentToNetwork(request) && request.sentAt < beforeMs)
    .toSorted((a, b) => a.sentAt - b.sentAt);
}

export interface ReturnVisitRun {
  fcpMs: number;
  lcpMs: number;
  /** When the route's content was ready (its `ready` check), the end of the blocking window. */
  readyMs: number;
  blockingMs: number;
  /** Read for WATCH_AFTER_LOAD_MS after `load`: the last LCP, blocking from FCP to the window's end. */
  watched: { lcpMs: number; blockingMs: number };
  /** The network requests sent before LCP, page's and worker's, first sent first. */
  requestsBeforeLcp: {
    url: string;
    by: ObservedRequest['by'];
    atMs: number;
    /** Its answer arrived by LCP: the paint may have waited for it (else it is a background check). */
    answeredBeforeLcp: boolean;
  }[];
  /** What the run's time went on, to explain its LCP (bench-results/return-visit.json). */
  timeline: ReturnVisitTimeline;
}

/** The largest paint's element, and every file and long task of the load, ms from the time origin. */
interface ReturnVisitTimeline {
  /** The element LCP reported last, as a selector-like name with the start of its text. */
  lcpElement: string;
  /** Resource timing: what was asked for, when, and when its last byte arrived. */
  resources: { url: string; startMs: number; endMs: number }[];
  /** The page's own performance marks (performance.mark), if it sets any. */
  marks: { name: string; atMs: number }[];
  longTasks: LongTask[];
}

export interface ReturnVisitFigures {
  /** Medians over the runs, each figure on its own. */
  fcpMs: number;
  lcpMs: number;
  blockingMs: number;
  /** The watched reading's medians (ReturnVisitRun's `watched`). */
  watchedLcpMs: number;
  watchedBlockingMs: number;
  requestsBeforeLcp: number;
  /** Of those, the median count answered by LCP: the requests the paint may have waited for. */
  answeredBeforeLcp: number;
  /**
   * The run Lighthouse would keep (nearest the median FCP and the median time to ready, which
   * stands in for its time to interactive), whose requests are listed: a list has no median.
   */
  medianRun: number;
  requestUrls: string[];
  runs: ReturnVisitRun[];
}

export function summariseRuns(runs: readonly ReturnVisitRun[]): ReturnVisitFigures {
  const medianRun = medianRunIndex(runs.map((run) => ({ fcpMs: run.fcpMs, interactiveMs: run.readyMs })));
  const of = (figure: (run: ReturnVisitRun) => number) => Math.round(median(runs.map(figure)));
  return {
    fcpMs: of((run) => run.fcpMs),
    lcpMs: of((run) => run.lcpMs),
    blockingMs: of((run) => run.blockingMs),
    watchedLcpMs: of((run) => run.watched.lcpMs),
    watchedBlockingMs: of((run) => run.watched.blockingMs),
    requestsBeforeLcp: of((run) => run.requestsBeforeLcp.length),
    answeredBeforeLcp: of(
      (run) => run.requestsBeforeLcp.filter((request) => request.answeredBeforeLcp).length,
    ),
    medianRun,
    requestUrls: runs[medianRun]!.requestsBeforeLcp.map((request) => request.url),
    runs: [...runs],
  };
}

/** A URL as short as it can be read: the path on the page's origin, host and path elsewhere. */
export function shortUrl(url: string, pageOrigin: string): string {
  const parsed = new URL(url);
  const path = `${parsed.pathname}${parsed.search}`;
  return parsed.origin === pageOrigin ? path : `${parsed.host}${path}`;
}

/**
 * The phase's table: one line per route, the median run's requests after the figures; where a
 * route has `before` figures (the same routes of another build, measured in the same window), a
 * line of those under it.
 */
export function returnVisitTable(
  rows: readonly { label: string; figures: ReturnVisitFigures; before?: ReturnVisitFigures }[],
  pageOrigin: string,
): string {
  const cell = (value: string | number, width: number) => String(value).padStart(width);
  const figuresOf = (figures: ReturnVisitFigures) =>
    `${cell(figures.lcpMs, 8)}${cell(figures.fcpMs, 8)}${cell(figures.blockingMs, 8)}` +
    `${cell(figures.watchedLcpMs, 9)}${cell(figures.watchedBlockingMs, 9)}`;
  const lines = [
    `${'route'.padEnd(40)}${cell('LCP ms', 8)}${cell('FCP ms', 8)}${cell('TBT ms', 8)}` +
      `${cell('LCP 6s', 9)}${cell('TBT 6s', 9)}${cell('net req', 9)}  requests before LCP (median run)`,
  ];
  for (const { label, figures, before } of rows) {
    lines.push(
      `${label.padEnd(40)}${figuresOf(figures)}` +
        `${cell(figures.requestsBeforeLcp, 9)}${cell(figures.answeredBeforeLcp, 9)}  ${figures.requestUrls.map((url) => shortUrl(url, pageOrigin)).join(' ')}`,
    );
    if (before) {
      lines.push(`${'  before'.padEnd(40)}${figuresOf(before)}${cell(before.requestsBeforeLcp, 9)}`);
    }
    lines.push(
      `${''.padEnd(40)}  runs: LCP ${figures.runs.map((run) => run.lcpMs).join(' ')}` +
        `  FCP ${figures.runs.map((run) => run.fcpMs).join(' ')}` +
        `  TBT ${figures.runs.map((run) => run.blockingMs).join(' ')}` +
        `  LCP 6s ${figures.runs.map((run) => run.watched.lcpMs).join(' ')}` +
        `  TBT 6s ${figures.runs.map((run) => run.watched.blockingMs).join(' ')}` +
        `  requests ${figures.runs.map((run) => run.requestsBeforeLcp.length).join(' ')}`,
    );
  }
  return lines.join('\n');
}

// ---- The browser ------------------------------------------------------------------------------

/** The shell's offline store (shell/src/offline): idb-keyval's database and store, the queries' key. */
const OFFLINE_COPY = { database: 'promotion-pwa', store: 'keyval', key: 'query-cache' } as const;

/** Resolves once the signed-in page's offline copy of its data is written (IndexedDB, or its fallback). */
async function waitForOfflineCopy(page: Page): Promise<void> {
  const saved = await page.evaluate(
    async ({ database, store, key, timeoutMs, pollMs }) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        if (localStorage.getItem(`${database}:${key}`) !== null) return true;
        // Opening a database that does not exist would create it without the app's store.
        if ((await indexedDB.databases()).some((known) => known.name === database)) {
          const db = await new Promise<IDBDatabase | undefined>((resolve) => {
            const open = indexedDB.open(database);
            open.onsuccess = () => resolve(open.result);
            open.onerror = () => resolve(undefined);
          });
          if (db?.objectStoreNames.contains(store)) {
            const count = db.transaction(store).objectStore(store).count(key);
            const found = await new Promise<boolean>((resolve) => {
              count.onsuccess = () => resolve(count.result > 0);
              count.onerror = () => resolve(false);
            });
            db.close();
            if (found) return true;
          } else {
            db?.close();
          }
        }
        if (Date.now() > deadline) return false;
        await new Promise((resolve) => setTimeout(resolve, pollMs));
      }
    },
    { ...OFFLINE_COPY, timeoutMs: SETTLE_TIMEOUT_MS, pollMs: POLL_MS },
  );
  if (!saved) throw new Error(`The offline copy was not saved within ${SETTLE_TIMEOUT_MS / 1000} s.`);
}

/** The first visit: signed in, the route open, its files cached by the worker, its data saved. */
async function firstVisit(context: BrowserContext, origin: string, scenario: RouteScenario): Promise<void> {
  await signInFor(context, origin, scenario);
  const page = await context.newPage();
  await page.goto(scenario.path);
  await scenario.ready(page);
  await waitForServiceWorkerCache(context, page);
  if (scenario.audience) await waitForOfflineCopy(page);
  await page.close();
}

/** A CDP message's shape, for the service worker's messages relayed as text. */
interface ProtocolMessage {
  id?: number;
  method?: string;
  params?: Record<string, unknown>;
}

/**
 * Records every request the page and its service workers send, from the DevTools protocol: the
 * page's own session, and each worker auto-attached to it (a flat session would need a connection
 * of its own, so the worker's messages come relayed through the page's session).
 */
class RequestLog {
  private readonly requests = new Map<string, ObservedRequest>();
  /** Per request: its wall time minus the protocol's monotonic timestamp, both in ms. */
  private readonly clockOffsets = new Map<string, number>();

  record(
    by: ObservedRequest['by'],
    sessionKey: string,
    method: string,
    params: Record<string, unknown>,
  ): void {
    const key = `${sessionKey}:${String(params.requestId)}`;
    if (method === 'Network.requestWillBeSent') {
      const request = params.request as { url: string };
      const known = this.requests.get(key);
      // A redirect is sent again under the same id: the first hop's time, the last hop's URL.
      this.requests.set(key, {
        url: request.url,
        sentAt: known?.sentAt ?? (params.wallTime as number) * 1000,
        by,
        fromCache: false,
        fromServiceWorker: false,
      });
      this.clockOffsets.set(key, ((params.wallTime as number) - (params.timestamp as number)) * 1000);
      return;
    }
    const request = this.requests.get(key);
    if (!request) return;
    if (method === 'Network.loadingFinished') {
      const offset = this.clockOffsets.get(key);
      if (offset !== undefined) request.answeredAt = offset + (params.timestamp as number) * 1000;
    }
    if (method === 'Network.requestServedFromCache') request.fromCache = true;
    if (method === 'Network.responseReceived') {
      const response = params.response as {
        fromDiskCache?: boolean;
        fromPrefetchCache?: boolean;
        fromServiceWorker?: boolean;
      };
      if (response.fromDiskCache || response.fromPrefetchCache) request.fromCache = true;
      if (response.fromServiceWorker) request.fromServiceWorker = true;
    }
  }

  all(): ObservedRequest[] {
    return [...this.requests.values()];
  }
}

const networkConditions = {
  offline: false,
  latency: RETURN_VISIT_CONDITIONS.latencyMs,
  downloadThroughput: RETURN_VISIT_CONDITIONS.downloadBytesPerSecond,
  uploadThroughput: RETURN_VISIT_CONDITIONS.uploadBytesPerSecond,
};

/**
 * Throttles the page and the service workers of its browser, and logs their requests. Each worker
 * is attached as soon as it is known, before the page navigates: the worker of the first visit,
 * stopped, is known already, and the session stays with it as it starts again for the navigation
 * (the page's own auto-attach would reach it only once the navigation has started it, which on a
 * light page is after its first request). A worker that still sends a request before it is
 * throttled spoils the run, which measureReturnVisit repeats.
 */
async function throttleAndLog(cdp: CDPSession, log: RequestLog, origin: string): Promise<void> {
  let nextId = 1;
  const sendToTarget = (sessionId: string, method: string, params: Record<string, unknown> = {}) =>
    cdp.send('Target.sendMessageToTarget', {
      sessionId,
      message: JSON.stringify({ id: nextId++, method, params }),
    });
  const attached: Promise<void>[] = [];
  cdp.on('Target.targetCreated', ({ targetInfo }) => {
    if (targetInfo.type !== 'service_worker' || !targetInfo.url.startsWith(`${origin}/`)) return;
    attached.push(
      (async () => {
        // Not flat: a flat session's messages would need a connection of their own; these come
        // relayed through the page's session.
        const { sessionId } = await cdp.send('Target.attachToTarget', {
          targetId: targetInfo.targetId,
          flatten: false,
        });
        await sendToTarget(sessionId, 'Network.enable');
        await sendToTarget(sessionId, 'Network.emulateNetworkConditions', networkConditions);
      })(),
    );
  });
  cdp.on('Target.receivedMessageFromTarget', (event) => {
    const message = JSON.parse(event.message) as ProtocolMessage;
    if (message.method?.startsWith('Network.') && message.params) {
      log.record('service worker', event.sessionId, message.method, message.params);
    }
  });
  for (const method of [
    'Network.requestWillBeSent',
    'Network.requestServedFromCache',
    'Network.responseReceived',
    'Network.loadingFinished',
  ] as const) {
    cdp.on(method, (params) =>
      log.record('page', 'page', method, params as unknown as Record<string, unknown>),
    );
  }
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', networkConditions);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: RETURN_VISIT_CONDITIONS.cpuSlowdown });
  // Announces the targets there are now (the stopped worker among them), then each new one.
  await cdp.send('Target.setDiscoverTargets', { discover: true });
  await Promise.all(attached);
  if (attached.length === 0) throw new Error(`No service worker of ${origin} to attach to.`);
}

/** What the page's observers saw, ms from its time origin; timeOrigin is ms since the epoch. */
interface PageTimings {
  timeOrigin: number;
  fcpMs: number | undefined;
  lcpMs: number | undefined;
  lcpElement: string;
  longTasks: LongTask[];
  resources: ReturnVisitTimeline['resources'];
  marks: ReturnVisitTimeline['marks'];
}

/**
 * Observers registered before any page script runs, so no long task of the load is missed. No
 * named inner functions: tsx's transform names them with a helper the page does not have.
 */
function observeTimings(readiness: RouteScenario['shownWhen']): void {
  const seen = {
    lcp: [] as number[],
    lcpElement: '',
    fcp: [] as number[],
    longTasks: [] as LongTask[],
    readyMs: undefined as number | undefined,
  };
  (window as unknown as { __returnVisit: typeof seen }).__returnVisit = seen;
  // The route's content ready, the end of the blocking window: watched from the document's start,
  // scrolled to first where the route's reader scrolls (scenario.ready's moment, told by CSS alone).
  let scrolled = readiness.scrollTo === undefined;
  const watcher = new MutationObserver(() => {
    if (!scrolled) {
      const target = document.querySelector(readiness.scrollTo ?? '');
      if (!target) return;
      target.scrollIntoView({ block: 'center' });
      scrolled = true;
    }
    if (!document.querySelector(readiness.css)) return;
    seen.readyMs = performance.now();
    watcher.disconnect();
  });
  watcher.observe(document, { subtree: true, childList: true, attributes: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      seen.lcp.push(entry.startTime);
      const element = (entry as PerformanceEntry & { element?: Element | null }).element;
      seen.lcpElement = element
        ? `${element.tagName.toLowerCase()}${element.className ? `.${String(element.className).split(' ')[0]}` : ''} "${(element.textContent ?? '').trim().slice(0, 40)}"`
        : '(removed from the page)';
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.name === 'first-contentful-paint') seen.fcp.push(entry.startTime);
    }
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      seen.longTasks.push({ startTime: entry.startTime, duration: entry.duration });
    }
  }).observe({ type: 'longtask', buffered: true });
}

/**
 * Runs `fn(arg)` in the page through the DevTools protocol alone, and answers its result. Playwright's
 * page.evaluate and its locators first inject scripts of their own into the page, on its main thread
 * (parsing and compiling its selector engine is a long task of 60-90 ms at 4x CPU): inside the window
 * a return visit measures, that would count as the page's own blocking. (`__name`: tsx's transform
 * names inner functions with a helper the page does not have.)
 */
async function inPage<T, A>(cdp: CDPSession, fn: (arg: A) => T | Promise<T>, arg: A): Promise<T> {
  const answer = cdp.send('Runtime.evaluate', {
    expression: `(() => { const __name = (target) => target; return (${fn.toString()})(${JSON.stringify(arg)}); })()`,
    awaitPromise: true,
    returnByValue: true,
  });
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`The page did not answer within ${SETTLE_TIMEOUT_MS / 1000} s.`)),
      SETTLE_TIMEOUT_MS + WATCH_AFTER_LOAD_MS,
    );
  });
  try {
    const { result, exceptionDetails } = await Promise.race([answer, late]);
    if (exceptionDetails)
      throw new Error(`In the page: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`);
    return result.value as T;
  } finally {
    clearTimeout(timer);
  }
}

/** The observers' figures once two frames have passed (the last paint's entries are then reported). */
function readTimings(cdp: CDPSession): Promise<PageTimings> {
  return inPage(
    cdp,
    () =>
      new Promise<PageTimings>((resolve) =>
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            const seen = (
              window as unknown as {
                __returnVisit: { lcp: number[]; lcpElement: string; fcp: number[]; longTasks: LongTask[] };
              }
            ).__returnVisit;
            resolve({
              timeOrigin: performance.timeOrigin,
              fcpMs: seen.fcp[0],
              lcpMs: seen.lcp.at(-1),
              lcpElement: seen.lcpElement,
              longTasks: seen.longTasks,
              resources: performance.getEntriesByType('resource').map((entry) => ({
                url: entry.name,
                startMs: Math.round(entry.startTime),
                endMs: Math.round((entry as PerformanceResourceTiming).responseEnd),
              })),
              marks: performance
                .getEntriesByType('mark')
                .map((entry) => ({ name: entry.name, atMs: Math.round(entry.startTime) })),
            });
          }),
        ),
      ),
    undefined,
  );
}

/**
 * The page's figures once WATCH_AFTER_LOAD_MS have passed since its `load` event, and when that
 * window ended (ms from the time origin).
 */
async function watchAfterLoad(cdp: CDPSession): Promise<{ timings: PageTimings; windowEndMs: number }> {
  const loaded = await inPage(
    cdp,
    ({ watchMs, pollMs }) =>
      new Promise<number>((resolve) => {
        const check = () => {
          const navigation = performance.getEntriesByType('navigation')[0] as
            PerformanceNavigationTiming | undefined;
          const loadEnd = navigation?.loadEventEnd ?? 0;
          if (loadEnd > 0 && performance.now() >= loadEnd + watchMs) resolve(loadEnd);
          else setTimeout(check, pollMs);
        };
        check();
      }),
    { watchMs: WATCH_AFTER_LOAD_MS, pollMs: POLL_MS },
  );
  return { timings: await readTimings(cdp), windowEndMs: loaded + WATCH_AFTER_LOAD_MS };
}

/**
 * One return visit in a fresh profile, or undefined when the worker's first request went out before
 * the worker was throttled. `origin` is served over HTTPS (its throwaway certificate accepted) or HTTP.
 */
async function attemptReturnVisit(
  origin: string,
  scenario: RouteScenario,
  launch: LaunchOptions,
): Promise<ReturnVisitRun | undefined> {
  const profile = mkdtempSync(join(tmpdir(), 'ezy-return-visit-'));
  // Over HTTPS the caller's launch options trust the throwaway certificate (trustCertificateArgs in
  // local-certificate.ts): the worker registers, and the HTTP cache keeps what the first visit loaded.
  const args = launch.args ?? [];
  const context = await chromium.launchPersistentContext(profile, {
    ...launch,
    args,
    baseURL: origin,
    serviceWorkers: 'allow',
    // Lighthouse's phone screen: LCP depends on what the first screen holds.
    viewport: SHIFT_VIEWPORTS.phone,
  });
  try {
    await firstVisit(context, origin, scenario);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    // A visitor comes back later to a stopped worker, which starts for the navigation.
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.stopAllWorkers');
    // Playwright sees every request a worker sends (it holds each worker at its start until it has
    // attached): the worker's first one, missing from this run's log, would mean it went out
    // unthrottled.
    const workerRequests: string[] = [];
    context.on('request', (request) => {
      if (request.serviceWorker()) workerRequests.push(request.url());
    });
    const log = new RequestLog();
    await throttleAndLog(cdp, log, origin);
    await page.addInitScript(observeTimings, scenario.shownWhen);
    const tracing = traceDirectory ? await startTrace(cdp) : undefined;
    await page.goto(scenario.path);
    // Until the window's end the page is asked only through the protocol (inPage): no Playwright
    // script runs on its main thread while its long tasks are counted.
    const readyMs = await inPage(
      cdp,
      ({ pollMs }) =>
        new Promise<number>((resolve) => {
          const check = () => {
            const ready = (window as unknown as { __returnVisit: { readyMs?: number } }).__returnVisit
              .readyMs;
            if (ready === undefined) setTimeout(check, pollMs);
            else resolve(ready);
          };
          check();
        }),
      { pollMs: POLL_MS },
    );
    await page.waitForLoadState('networkidle');
    const timings = await readTimings(cdp);
    const watched = await watchAfterLoad(cdp);
    if (tracing && traceDirectory)
      await tracing.save(join(traceDirectory, `${scenario.id}-${Date.now()}.json`));
    // The window over: the route shows what its reader came for, under its worker.
    await scenario.ready(page);
    if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) {
      throw new Error(`${scenario.path} opened again without its service worker.`);
    }
    if (timings.fcpMs === undefined || timings.lcpMs === undefined) {
      throw new Error(`${scenario.path}: no FCP or LCP was reported.`);
    }
    const firstWorkerRequest = workerRequests[0];
    if (
      firstWorkerRequest !== undefined &&
      !log.all().some((request) => request.by === 'service worker' && request.url === firstWorkerRequest)
    ) {
      return undefined;
    }
    const lcpAt = timings.timeOrigin + timings.lcpMs;
    const requests = networkRequestsBefore(log.all(), lcpAt);
    return {
      fcpMs: Math.round(timings.fcpMs),
      lcpMs: Math.round(timings.lcpMs),
      readyMs: Math.round(readyMs),
      blockingMs: Math.round(blockingTime(timings.longTasks, timings.fcpMs, readyMs)),
      watched: {
        lcpMs: Math.round(watched.timings.lcpMs ?? timings.lcpMs),
        blockingMs: Math.round(blockingTime(watched.timings.longTasks, timings.fcpMs, watched.windowEndMs)),
      },
      requestsBeforeLcp: requests.map((request) => ({
        url: request.url,
        by: request.by,
        atMs: Math.round(request.sentAt - timings.timeOrigin),
        answeredBeforeLcp: answeredBefore(request, lcpAt),
      })),
      timeline: {
        lcpElement: timings.lcpElement,
        resources: timings.resources.map((resource) => ({
          ...resource,
          url: shortUrl(resource.url, origin),
        })),
        marks: timings.marks,
        longTasks: timings.longTasks.map((task) => ({
          startTime: Math.round(task.startTime),
          duration: Math.round(task.duration),
        })),
      },
    };
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

/**
 * Where each run's Chrome trace of the return visit goes, when RETURN_VISIT_TRACE_DIR is set: a
 * trace (open it in DevTools' Performance panel) names the scripts and tasks behind the figures.
 */
const traceDirectory = process.env.RETURN_VISIT_TRACE_DIR;
/**
 * With RETURN_VISIT_TRACE_SAMPLES=1 the trace holds V8's CPU samples too, which name the functions
 * inside each task. The sampler changes what it measures: with it, reading react-dom from its code
 * cache showed as a task of 400 ms at 4x CPU; without it, under 5 ms. Task lengths are read from a
 * trace without samples.
 */
const traceSamples = process.env.RETURN_VISIT_TRACE_SAMPLES === '1';

/** Starts a trace of the page's main thread; `save` ends it and writes it as JSON. */
async function startTrace(cdp: CDPSession): Promise<{ save(path: string): Promise<void> }> {
  await cdp.send('Tracing.start', {
    categories: [
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      'blink.user_timing',
      'loading',
      'v8.execute',
      'v8',
      'disabled-by-default-v8.compile',
      ...(traceSamples ? ['disabled-by-default-v8.cpu_profiler'] : []),
    ].join(','),
    transferMode: 'ReturnAsStream',
  });
  return {
    async save(path) {
      const complete = new Promise<string>((resolve) =>
        cdp.once('Tracing.tracingComplete', (event) => resolve(event.stream ?? '')),
      );
      await cdp.send('Tracing.end');
      const handle = await complete;
      let text = '';
      for (;;) {
        const chunk = await cdp.send('IO.read', { handle });
        text += chunk.base64Encoded ? Buffer.from(chunk.data, 'base64').toString() : chunk.data;
        if (chunk.eof) break;
      }
      await cdp.send('IO.close', { handle });
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, text);
    },
  };
}

/** Attempts a visit's throttling may lose to the worker's start before the run is given up. */
const ATTEMPTS = 3;

async function measureReturnVisit(
  origin: string,
  scenario: RouteScenario,
  launch: LaunchOptions,
): Promise<ReturnVisitRun> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const run = await attemptReturnVisit(origin, scenario, launch);
    if (run) return run;
  }
  throw new Error(`${scenario.path}: the service worker sent requests before it could be throttled.`);
}

/**
 * `runs` return visits of each route, one route at a time, their medians and every run, in
 * Chromium launched with `launch` (scripts/ci/browser-launch.ts). With more than one origin (builds
 * served side by side), each run visits every origin in turn, so the builds share the machine's
 * moments alike; one set of figures per origin, in their order.
 */
export async function measureReturnVisits(
  origins: readonly string[],
  routes: readonly RouteScenario[],
  runs: number,
  launch: LaunchOptions,
): Promise<Partial<Record<RouteScenario['id'], ReturnVisitFigures>>[]> {
  const figures = origins.map((): Partial<Record<RouteScenario['id'], ReturnVisitFigures>> => ({}));
  for (const scenario of routes) {
    const measured = origins.map((): ReturnVisitRun[] => []);
    for (let run = 0; run < runs; run++) {
      for (const [index, origin] of origins.entries()) {
        measured[index]!.push(await measureReturnVisit(origin, scenario, launch));
      }
    }
    for (const [index, runsOfOrigin] of measured.entries())
      figures[index]![scenario.id] = summariseRuns(runsOfOrigin);
  }
  return figures;
}
