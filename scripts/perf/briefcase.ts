/**
 * The rep's briefcase in `npm run bench` (docs/decisions/047-rep-briefcase.md): the demo rep for
 * every region keeps their ~2,400 customers.
 *
 * - size: the gzip bytes of every POST /briefcase/page answer (what a browser asking for gzip is sent);
 * - download: the same pages fetched in Chromium, in turn as the app does, under DevTools network
 *   throttling at 1.6 Mbps down, 750 kbps up and 150 ms round trips (Lighthouse's mobile link);
 * - offline search: searchKeptCustomers (the offline table's rule) over the kept customers in that
 *   page at 4x CPU slowdown, for the table's requests (each keystroke of a search, each band, each
 *   sort, deep pages), p50 and p95 of every run.
 */
import { join } from 'node:path';
import { rspack } from '@rspack/core';
import type { Browser } from '@playwright/test';
import type { AccountSearchRequest } from '@promo/domain/types';
import { DEMO_PROMOTION_IDS } from '@promo/server/demo-logins';

const repo = join(import.meta.dirname, '../..');
/** Lighthouse's mobile link, as the return visits are throttled (scripts/perf/return-visit.ts). */
const LINK = {
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
const SEARCH_RUNS = 5;

export interface BriefcaseFigures {
  customers: number;
  requests: number;
  gzipBytes: number;
  jsonBytes: number;
  downloadMs: number;
  search: { queries: number; p50Ms: number; p95Ms: number };
}

/** The offline table's rule, bundled for the page as `keptSearch.searchKeptCustomers`. */
function bundleSearchRule(): Promise<string> {
  const outDir = join(repo, 'bench-results/briefcase-search');
  const compiler = rspack({
    mode: 'production',
    target: 'web',
    context: repo,
    entry: join(repo, 'shared/promo-domain/src/rep/kept-customer-search.rules.ts'),
    output: { path: outDir, filename: 'kept-search.js', library: { type: 'var', name: 'keptSearch' } },
    resolve: { extensions: ['.ts', '.js'], tsConfig: join(repo, 'tsconfig.json') },
    module: {
      rules: [
        {
          test: /\.ts$/,
          loader: 'builtin:swc-loader',
          options: { jsc: { parser: { syntax: 'typescript' } } },
          type: 'javascript/auto',
        },
      ],
    },
  });
  return new Promise((resolve, reject) =>
    compiler.run((error, stats) => {
      compiler.close(() => undefined);
      if (error || stats?.hasErrors())
        reject(error ?? new Error(stats?.toString({ all: false, errors: true })));
      else resolve(join(outDir, 'kept-search.js'));
    }),
  );
}

/** What the offline table asks while a rep works through it: typing, bands, sorts and pages. */
function tableRequests(): AccountSearchRequest[] {
  const filters = { hasTargetsFor: DEMO_PROMOTION_IDS.multiTarget, branchID: [] };
  const requests: AccountSearchRequest[] = [];
  for (const searchText of ['', 'a', 'au', 'aut', 'auto', 'ltd', 'G10'])
    requests.push({ filters: { ...filters, searchText }, limit: 10 });
  for (const band of ['on-pace', 'slipping', 'behind', 'not-joined'] as const)
    requests.push({ filters: { ...filters, band }, limit: 10 });
  for (const key of ['percentage', 'totalSpend', 'needsAttention'] as const)
    for (const direction of ['asc', 'desc'] as const)
      requests.push({ filters, sort: [{ key, direction }], offset: 100, limit: 10 });
  requests.push({ filters, totalOnly: true, summary: 'bands' });
  return requests;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

export async function measureBriefcase(browser: Browser, port: number): Promise<BriefcaseFigures> {
  const { serveBriefcase } = await import('@promo/server/briefcase-benchmark');
  const server = await serveBriefcase({ port });
  const context = await browser.newContext();
  try {
    await context.addCookies([{ ...server.cookie, url: server.origin }]);
    const page = await context.newPage();
    await page.goto(`${server.origin}/api/v1/session/get`);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...LINK });
    const downloadMs = await page.evaluate(async () => {
      const started = performance.now();
      const pages: { accounts: unknown[]; promotions: unknown[]; next: string | null }[] = [];
      let after: string | null = null;
      do {
        const response = await fetch('/api/v1/briefcase/page', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ branchID: [], ...(after ? { after } : {}) }),
        });
        const answer = (await response.json()) as (typeof pages)[number];
        pages.push(answer);
        after = answer.next;
      } while (after !== null);
      Object.assign(window, {
        kept: { accounts: pages.flatMap((entry) => entry.accounts), promotions: pages[0]?.promotions ?? [] },
      });
      return performance.now() - started;
    });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await page.addScriptTag({ path: await bundleSearchRule() });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const requests = tableRequests();
    const timings: number[] = [];
    for (let run = 0; run < SEARCH_RUNS; run += 1) {
      timings.push(
        ...(await page.evaluate((list) => {
          type Rule = typeof import('@promo/domain/rep/kept-customer-search.rules');
          const holder = window as unknown as {
            keptSearch: Rule;
            kept: Parameters<Rule['indexKeptCustomers']>[0];
            index?: ReturnType<Rule['indexKeptCustomers']>;
          };
          // Indexed once, as the app's query of the kept customers is.
          holder.index ??= holder.keptSearch.indexKeptCustomers(holder.kept);
          const index = holder.index;
          return list.map((request) => {
            const started = performance.now();
            holder.keptSearch.searchKeptCustomers(index, request, Date.now());
            return performance.now() - started;
          });
        }, requests)),
      );
    }
    const sorted = timings.toSorted((a, b) => a - b);
    return {
      customers: server.bytes.customers,
      requests: server.bytes.requests,
      gzipBytes: server.bytes.gzip,
      jsonBytes: server.bytes.json,
      downloadMs: Math.round(downloadMs),
      search: {
        queries: timings.length,
        p50Ms: Number(percentile(sorted, 50).toFixed(1)),
        p95Ms: Number(percentile(sorted, 95).toFixed(1)),
      },
    };
  } finally {
    await context.close();
    await server.close();
  }
}

/** The figures as the bench prints them. */
export function briefcaseSummary(figures: BriefcaseFigures): string {
  const mb = (bytes: number) => (bytes / 1_000_000).toFixed(2);
  return [
    `Rep briefcase, ${figures.customers.toLocaleString('en-NZ')} customers in ${figures.requests} requests:`,
    `  transferred ${mb(figures.gzipBytes)} MB gzip (${mb(figures.jsonBytes)} MB of JSON); target 3 MB`,
    `  download at 1.6 Mbps, 150 ms RTT: ${(figures.downloadMs / 1000).toFixed(1)} s; target 30 s`,
    `  offline search at 4x CPU, ${figures.search.queries} queries: p50 ${figures.search.p50Ms} ms, p95 ${figures.search.p95Ms} ms; target 50 ms`,
  ].join('\n');
}
