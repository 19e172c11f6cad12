/**
 * The routes of the performance targets (docs/decisions/007-performance-figures.md), how to open each on a cold cache, and how much
 * JavaScript the browser transferred for it. Shared by the budget test
 * (e2e/performance/js-budgets.spec.ts), `npm run bench` (scripts/perf/bench.ts) and scripts/perf/lighthouse.ts, so the number a test
 * asserts is the number the benchmark prints.
 *
 * Bytes are gzip bytes on the wire: the browser asks for gzip only (the targets are gzip figures;
 * the static host also serves brotli, which is smaller). They are deterministic for a build.
 */
import type { Browser, BrowserContext, Page, Request } from '@playwright/test';
import { SAVED_SELECTION_KEY } from '@promo/domain/rep/saved-selection.rules';
import type { SignedInRole } from '@promo/domain/types';
import { waitForServiceWorkerCache } from './worker-cache';

export type RouteId =
  | 'login'
  | 'customer-dashboard'
  | 'customer-tracking'
  | 'rep-dashboard'
  | 'rep-promotion'
  | 'rep-rollup'
  | 'rep-customer';

export interface RouteScenario {
  id: RouteId;
  label: string;
  path: string;
  /** Who is signed in: nobody, the demo customer, or a fresh rep with a saved branch selection. */
  audience?: SignedInRole;
  /** The route's target and stretch, KB (1 KB = 1024 bytes) of gzip JavaScript. */
  targetKb: number;
  stretchKb: number;
  /**
   * What the budget test enforces: the ceiling measured when the last lever landed, rounded up to
   * the next whole KB (a ratchet: lowered as levers land, never raised to fit a change).
   */
  budgetKb: number;
  /** The route's main content is on screen. */
  ready: (page: Page) => Promise<unknown>;
  /**
   * The moment `ready` waits for, told by CSS alone (`css` in the document, after scrolling the
   * first match of `scrollTo` into view): the return visit watches for it from inside the page, as
   * `ready`'s role queries would run Playwright's selector engine on the page's main thread in the
   * window whose long tasks it counts (return-visit.ts). `ready` still checks the page afterwards.
   */
  shownWhen: { css: string; scrollTo?: string };
}

/** Demo promotion ids (server README "Demo data"): active, joined by the demo customer. */
const ACTIVE_PROMOTION = 'PROMO-TierUp-Hampers';
/** The demo customer's account (server README "Demo data"), joined to ACTIVE_PROMOTION. */
const DEMO_CUSTOMER = 'G100001';

export const ROUTES: readonly RouteScenario[] = [
  {
    id: 'login',
    label: '/login (anonymous)',
    path: '/login',
    targetKb: 130,
    stretchKb: 100,
    budgetKb: 130,
    ready: (page) => page.getByRole('button', { name: 'Sign In', exact: true }).waitFor(),
    shownWhen: { css: 'form button[type="submit"]' },
  },
  {
    id: 'customer-dashboard',
    label: '/ customer dashboard',
    path: '/',
    audience: 'customer',
    targetKb: 165,
    stretchKb: 140,
    budgetKb: 149,
    ready: (page) => page.getByRole('heading', { name: 'Active Promotions' }).waitFor(),
    shownWhen: { css: 'h2#active-promotions' },
  },
  {
    id: 'customer-tracking',
    label: 'customer tracking view (with ECharts)',
    path: `/promotions/${ACTIVE_PROMOTION}`,
    audience: 'customer',
    targetKb: 330,
    stretchKb: 280,
    budgetKb: 161,
    // The chart's picture is drawn in a worker when its box is on screen (below the first screen on
    // a phone): scrolled to, so the bytes counted are the whole view's before any interaction,
    // the worker's included (route-budgets' files tell them apart). The interactive chart loads
    // only when the reader reaches for it (shared/ui/src/spend-chart/lazy-spend-chart.tsx).
    ready: async (page) => {
      const chart = page.getByRole('img', { name: /^Spend chart from / });
      await chart.scrollIntoViewIfNeeded();
      // A build from before the picture (measured beside this one, bench.ts --baseline) draws
      // the interactive chart instead.
      await chart.locator('[data-chart-picture] svg, [_echarts_instance_] svg').first().waitFor();
    },
    shownWhen: {
      scrollTo: '[role="img"][aria-label^="Spend chart from "]',
      css: '[role="img"][aria-label^="Spend chart from "] :is([data-chart-picture] svg, [_echarts_instance_] svg)',
    },
  },
  {
    id: 'rep-dashboard',
    label: '/salesrep rep dashboard',
    path: '/salesrep',
    audience: 'rep',
    targetKb: 180,
    stretchKb: 150,
    budgetKb: 151,
    ready: (page) =>
      page.getByRole('article').getByRole('link', { name: 'View Customers' }).first().waitFor(),
    shownWhen: { css: 'article a[href*="/salesrep/promotions/"]' },
  },
  {
    id: 'rep-promotion',
    label: '/salesrep/promotions/{id}',
    path: `/salesrep/promotions/${ACTIVE_PROMOTION}`,
    audience: 'rep',
    targetKb: 180,
    stretchKb: 150,
    budgetKb: 158,
    ready: (page) => page.getByRole('table').waitFor(),
    shownWhen: { css: 'table' },
  },
  {
    id: 'rep-rollup',
    label: 'branch roll-up (?view=branches)',
    path: `/salesrep/promotions/${ACTIVE_PROMOTION}?view=branches`,
    audience: 'rep',
    targetKb: 180,
    stretchKb: 150,
    budgetKb: 158,
    ready: (page) => page.getByRole('region', { name: 'Branches' }).getByRole('table').waitFor(),
    shownWhen: { css: '[role="region"][aria-label="Branches"] table' },
  },
  {
    id: 'rep-customer',
    label: 'rep customer view (?customer=)',
    path: `/salesrep/promotions/${ACTIVE_PROMOTION}?customer=${DEMO_CUSTOMER}`,
    audience: 'rep',
    targetKb: 180,
    stretchKb: 150,
    budgetKb: 161,
    // The first screen: the spend chart, and ECharts with it, loads once scrolled to
    // (customer-spend-chart.tsx), as on the customer's tracking view.
    ready: (page) => page.getByRole('link', { name: /^View account details of / }).waitFor(),
    shownWhen: { css: 'a[aria-label^="View account details of "]' },
  },
];

export const KB = 1024;

/** Signs the context in as the route's audience (cookies, and the rep's saved selection). */
export async function signInFor(
  context: BrowserContext,
  baseURL: string,
  scenario: RouteScenario,
): Promise<void> {
  if (!scenario.audience) return;
  let credentials = { email: 'customer@demo.test', password: 'Demo-pass1!' };
  if (scenario.audience === 'rep') {
    const fixture = await context.request.post(`${baseURL}/api/v1/dev/fixtures/rep`, {
      data: { withSelection: true },
    });
    if (!fixture.ok()) throw new Error(`No rep fixture: ${fixture.status()} ${await fixture.text()}`);
    const rep = (await fixture.json()) as { email: string; password: string; selection: unknown };
    credentials = { email: rep.email, password: rep.password };
    // The selection lives in the browser; set before any page script runs, no page load needed.
    await context.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
      SAVED_SELECTION_KEY,
      JSON.stringify(rep.selection),
    ] as const);
  }
  const response = await context.request.post(`${baseURL}/api/v1/session/login`, { data: credentials });
  if (!response.ok()) throw new Error(`Sign-in as ${credentials.email} failed: ${response.status()}`);
}

interface TransferredFile {
  url: string;
  bytes: number;
  script: boolean;
  /** A worker's code (the spend chart's picture worker, carried as text): it never runs on the page. */
  worker: boolean;
}

export interface RouteFigures {
  /** The page's JavaScript: what may run on its main thread (workers' code apart). */
  jsBytes: number;
  jsRequests: number;
  /** Workers' code, reported apart (shared/ui/src/spend-chart/chart-worker.ts). */
  workerJsBytes: number;
  totalBytes: number;
  requests: number;
  files: TransferredFile[];
}

/**
 * The spend chart's worker script (named after spend-chart.worker.ts by
 * scripts/build/worker-script-loader.mjs): the worker draws the chart's picture, so it carries
 * ECharts too, but none of it runs on the page. The budgets and the e2e checks both tell it apart.
 */
export const CHART_WORKER_SCRIPT = /\/spend-chart\.worker\.[^/]*\.js$/;

const isScript = (type: string, url: string) =>
  type === 'script' || /\.m?js(\?|$)/.test(new URL(url).pathname);

/**
 * Every response body taken from the network until `settle` ends: the page's own requests (those
 * its service worker answered excluded) and the requests the service worker made (Chromium reports
 * them on the context), so a worker that fetches a script afresh for the page is counted.
 */
async function transferredDuring(
  context: BrowserContext,
  settle: () => Promise<unknown>,
): Promise<RouteFigures> {
  const finished: Promise<TransferredFile | undefined>[] = [];
  const onFinished = (request: Request) => {
    finished.push(
      (async () => {
        const response = await request.response();
        // What the page took: answers the worker gave it, and the worker's own background caching
        // of a remote version's other files (remote-versions.ts), are not the page's downloads.
        if (!response || response.fromServiceWorker() || request.serviceWorker()) return undefined;
        const sizes = await request.sizes();
        return {
          url: request.url(),
          bytes: Math.max(0, sizes.responseBodySize),
          script: isScript(request.resourceType(), request.url()),
          worker: CHART_WORKER_SCRIPT.test(new URL(request.url()).pathname),
        };
      })(),
    );
  };
  context.on('requestfinished', onFinished);
  try {
    await settle();
  } finally {
    context.off('requestfinished', onFinished);
  }
  const files = (await Promise.all(finished)).filter((file): file is TransferredFile => file !== undefined);
  const scripts = files.filter((file) => file.script && !file.worker);
  return {
    jsBytes: scripts.reduce((sum, file) => sum + file.bytes, 0),
    jsRequests: scripts.length,
    workerJsBytes: files.filter((file) => file.worker).reduce((sum, file) => sum + file.bytes, 0),
    totalBytes: files.reduce((sum, file) => sum + file.bytes, 0),
    requests: files.length,
    files,
  };
}

/** A browser context that asks for gzip only; a new context is a cold HTTP cache. */
function gzipContext(
  browser: Browser,
  baseURL: string,
  serviceWorkers: 'allow' | 'block' = 'block',
): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    serviceWorkers,
    viewport: SHIFT_VIEWPORTS.desktop,
    extraHTTPHeaders: { 'Accept-Encoding': 'gzip' },
  });
}

/**
 * The route's first visit on a cold cache, no service worker: what a first-time visitor downloads.
 * With `layoutShifts`, the same visit also records its first screen's layout shifts
 * (measureLayoutShifts), at the desktop's size (SHIFT_VIEWPORTS).
 */
export async function measureColdVisit(
  browser: Browser,
  baseURL: string,
  scenario: RouteScenario,
  options: { layoutShifts?: boolean } = {},
): Promise<RouteFigures & { layoutShifts: LayoutShift[] }> {
  const context = await gzipContext(browser, baseURL);
  try {
    await signInFor(context, baseURL, scenario);
    if (options.layoutShifts) await recordLayoutShifts(context);
    const page = await context.newPage();
    const figures = await transferredDuring(context, async () => {
      await page.goto(scenario.path);
      await scenario.ready(page);
      await page.waitForLoadState('networkidle');
    });
    return { ...figures, layoutShifts: options.layoutShifts ? await recordedLayoutShifts(page) : [] };
  } finally {
    await context.close();
  }
}

/**
 * The route visited again once the service worker has installed and cached what the first visit
 * loaded: the JavaScript the page still took from the network (service-worker answers excluded).
 */
export async function measureRepeatVisit(
  browser: Browser,
  baseURL: string,
  scenario: RouteScenario,
): Promise<RouteFigures> {
  const context = await gzipContext(browser, baseURL, 'allow');
  try {
    await signInFor(context, baseURL, scenario);
    const page = await context.newPage();
    await page.goto(scenario.path);
    await scenario.ready(page);
    await waitForServiceWorkerCache(context, page);
    return await transferredDuring(context, async () => {
      await page.goto(scenario.path);
      await scenario.ready(page);
      await page.waitForLoadState('networkidle');
    });
  } finally {
    await context.close();
  }
}

/** A layout shift the page made on its own (not after input), with what moved. */
export interface LayoutShift {
  value: number;
  startTime: number;
  moved: string[];
}

/** The screen sizes the layout-shift check opens each route at: Lighthouse's phone, and a desktop. */
export const SHIFT_VIEWPORTS = {
  phone: { width: 412, height: 823 },
  desktop: { width: 1280, height: 720 },
} as const;

/** A PerformanceObserver for `layout-shift` in every page of the context, before any page script runs. */
async function recordLayoutShifts(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const shifts: { value: number; startTime: number; moved: string[] }[] = [];
    (window as unknown as { __layoutShifts: typeof shifts }).__layoutShifts = shifts;
    const describe = (node: Node | null | undefined) => {
      if (!(node instanceof Element)) return node?.nodeName ?? 'unknown';
      const text = (node.textContent ?? '').trim().slice(0, 40);
      return `${node.tagName.toLowerCase()}.${node.className}${text ? ` "${text}"` : ''}`;
    };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {
        value: number;
        startTime: number;
        hadRecentInput: boolean;
        sources?: { node?: Node | null }[];
      }[]) {
        if (entry.hadRecentInput) continue;
        shifts.push({
          value: entry.value,
          startTime: Math.round(entry.startTime),
          moved: (entry.sources ?? []).map((source) => describe(source.node)),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The shifts recordLayoutShifts saw, read two frames on, so a shift of the last render is reported. */
function recordedLayoutShifts(page: Page): Promise<LayoutShift[]> {
  return page.evaluate(
    () =>
      new Promise<LayoutShift[]>((resolve) =>
        requestAnimationFrame(() =>
          requestAnimationFrame(() =>
            resolve((window as unknown as { __layoutShifts: LayoutShift[] }).__layoutShifts),
          ),
        ),
      ),
  );
}

/**
 * The layout shifts of the route's first screen on a cold cache: a PerformanceObserver for
 * `layout-shift` registered before any page script runs, read once the route's content is on screen
 * and the network has settled (two frames later, so a shift of the last render is reported).
 * Each shift names the elements it moved (tag, class, text), to say what to reserve space for.
 */
export async function measureLayoutShifts(
  browser: Browser,
  baseURL: string,
  scenario: RouteScenario,
  viewport: { width: number; height: number },
): Promise<LayoutShift[]> {
  const context = await browser.newContext({ baseURL, serviceWorkers: 'block', viewport });
  try {
    await signInFor(context, baseURL, scenario);
    await recordLayoutShifts(context);
    const page = await context.newPage();
    await page.goto(scenario.path);
    await scenario.ready(page);
    await page.waitForLoadState('networkidle');
    return await recordedLayoutShifts(page);
  } finally {
    await context.close();
  }
}
