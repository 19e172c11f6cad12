/**
 * Lighthouse (12.8) against the built app as `npm start` / `npm run serve` serves it, with the
 * local Chromium: the budgeted routes (scripts/perf/route-budgets.ts), each signed in as its
 * audience, mobile preset (slow 4G, 4x CPU slowdown; the app is mobile-first), cold cache.
 * `npm run bench` runs it after its byte measurements; on its own:
 *
 *   npm run serve                                  # in one terminal (PORT etc. as for npm start)
 *   npm run bench:lighthouse                             # in another; same PORT
 *
 * Lighthouse 12 dropped its PWA category and the installable-manifest audit. This script adds the
 * same check back as an audit of its own, "ezy-installable-manifest": Chrome's own verdict
 * (DevTools protocol Page.getInstallabilityErrors, what the removed audit read) and the parsed web
 * app manifest, in a category "PWA (installable)".
 *
 * Writes bench-results/lighthouse/<page>.report.{html,json} and summary.json; prints the scores.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { Audit, Gatherer, type Config } from 'lighthouse';
import { mainThreadCpuAfterFcpMs, ownBlockingAfterFcpMs } from './main-thread-cpu';
import { blockingByScript, type LongTask } from './blocking-by-script';
import { medianRunIndex } from './median-run';
import { ROUTES, signInFor, type RouteId, type RouteScenario } from './route-budgets';
import { SAVED_SELECTION_KEY } from '@promo/domain/rep/saved-selection.rules';
import { chromiumPath, CHROMIUM_ARGS } from '../ci/browser-launch';
import { localShellOrigin } from '../host/local-ports';
import { explainLcp, formatExplanation } from './lantern-lcp';

const repo = join(dirname(fileURLToPath(import.meta.url)), '../..');
const outDir = join(repo, 'bench-results/lighthouse');
/** `LIGHTHOUSE_TRACE_DIR=<dir>`: each run's Chrome trace and report are written there, to read its tasks. */
const TRACE_DIR = process.env.LIGHTHOUSE_TRACE_DIR;
/**
 * `LIGHTHOUSE_TRACE_CATEGORIES=viz,cc`: trace categories beyond Lighthouse's own, e.g. `viz` (why the
 * display sends the page no frame: docs/decisions/007-performance-figures.md, "Late first frames")
 * or `disabled-by-default-v8.cpu_profiler` (which functions a task runs; it lengthens the tasks).
 */
const EXTRA_TRACE_CATEGORIES = process.env.LIGHTHOUSE_TRACE_CATEGORIES;

interface InstallabilityArtifact {
  installabilityErrors: Array<{ errorId: string; errorArguments: Array<{ name: string; value: string }> }>;
  manifestUrl: string;
  manifestErrors: Array<{ message: string; critical: number }>;
}

type GathererContext = Parameters<Gatherer['getArtifact']>[0];
type GathererResult = ReturnType<Gatherer['getArtifact']>;
type AuditArtifacts = Parameters<typeof Audit.audit>[0];
type AuditMeta = typeof Audit.meta;

/** Chrome's installability verdict for the loaded page, asked until it settles (the worker may still be installing). */
class InstallabilityGatherer extends Gatherer {
  override meta = { supportedModes: ['navigation' as const] };

  // Lighthouse's types list only its own artifacts; a custom one is cast at this boundary.
  override getArtifact(context: GathererContext): GathererResult {
    return this.installability(context) as unknown as GathererResult;
  }

  private async installability(context: GathererContext): Promise<InstallabilityArtifact> {
    const session = context.driver.defaultSession;
    let errors: InstallabilityArtifact['installabilityErrors'] = [];
    for (let attempt = 0; attempt < 10; attempt++) {
      errors = (await session.sendCommand('Page.getInstallabilityErrors')).installabilityErrors;
      if (errors.length === 0) break;
      await new Promise((done) => setTimeout(done, 500));
    }
    const manifest = await session.sendCommand('Page.getAppManifest', {});
    return { installabilityErrors: errors, manifestUrl: manifest.url, manifestErrors: manifest.errors };
  }
}

class InstallableManifestAudit extends Audit {
  static override get meta() {
    return {
      id: 'ezy-installable-manifest',
      title: 'Web app manifest and service worker meet the installability requirements',
      failureTitle: 'Web app manifest or service worker do not meet the installability requirements',
      description:
        "Chrome's own installability check (Page.getInstallabilityErrors), as Lighthouse's removed " +
        'installable-manifest audit read it.',
      requiredArtifacts: ['EzyInstallability'],
    } as unknown as AuditMeta;
  }

  static override audit(artifacts: AuditArtifacts) {
    const found = (artifacts as unknown as { EzyInstallability: InstallabilityArtifact }).EzyInstallability;
    const problems = [
      ...found.installabilityErrors.map((error) => ({
        reason: [error.errorId, ...error.errorArguments.map((arg) => `${arg.name}=${arg.value}`)].join(' '),
      })),
      ...found.manifestErrors.filter((error) => error.critical).map((error) => ({ reason: error.message })),
    ];
    return {
      score: problems.length === 0 && found.manifestUrl !== '' ? 1 : 0,
      displayValue: found.manifestUrl || 'no manifest',
      details: Audit.makeTableDetails([{ key: 'reason', valueType: 'text', label: 'Reason' }], problems),
    };
  }
}

const config = {
  extends: 'lighthouse:default',
  artifacts: [{ id: 'EzyInstallability', gatherer: { implementation: InstallabilityGatherer } }],
  audits: [{ implementation: InstallableManifestAudit }],
  categories: {
    'pwa-installable': {
      title: 'PWA (installable)',
      auditRefs: [{ id: 'ezy-installable-manifest', weight: 1 }],
    },
  },
} as unknown as Config;

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo', 'pwa-installable'] as const;

export interface LighthouseFigures {
  /** Category scores, 0-100. */
  scores: Record<(typeof CATEGORIES)[number], number | null>;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  speedIndexMs: number;
  installable: boolean;
  /**
   * Each run's performance score, LCP and observed FCP (when the browser presented its first
   * contentful frame, unthrottled: docs/decisions/007-performance-figures.md, "Late first frames"), in run order; the
   * figures above are the median run's.
   */
  runs: {
    performance: number | null;
    lcpMs: number;
    observedFcpMs: number;
    tbtMs: number;
    /** The main thread's CPU from FCP on, as observed (scripts/perf/main-thread-cpu.ts). */
    mainCpuMs: number | undefined;
    /** The blocking time of the page's own work from FCP on, at 4x (scripts/perf/main-thread-cpu.ts). */
    ownBlockingMs: number | undefined;
    /** The run's blocking time, ms, per script its long tasks are blamed on (blocking-by-script.ts). */
    blockingByScript: Record<string, number>;
  }[];
  /**
   * Where the median run's main thread went (Lighthouse's mainthread-work-breakdown audit, ms per
   * kind of work, simulated 4x slowdown) and the scripts that cost it most (bootup-time: total,
   * of which evaluating and of which parsing and compiling, ms): what TBT is made of.
   */
  mainThread: { totalMs: number; byGroup: Record<string, number> };
  bootup: { url: string; totalMs: number; scriptingMs: number; parseMs: number }[];
}

/** The main thread's work by kind, largest first (mainthread-work-breakdown). */
function mainThreadOf(lhr: LighthouseResult['lhr']): LighthouseFigures['mainThread'] {
  const audit = lhr.audits['mainthread-work-breakdown'];
  const items = ((audit?.details as { items?: { groupLabel?: string; duration?: number }[] } | undefined)
    ?.items ?? []) as { groupLabel?: string; duration?: number }[];
  const byGroup = Object.fromEntries(
    items
      .filter((item) => item.groupLabel && typeof item.duration === 'number')
      .sort((a, b) => b.duration! - a.duration!)
      .map((item) => [item.groupLabel!, Math.round(item.duration!)]),
  );
  return { totalMs: Math.round(audit?.numericValue ?? Number.NaN), byGroup };
}

/** The five scripts that took the main thread longest (bootup-time), the page's origin left out. */
function bootupOf(lhr: LighthouseResult['lhr']): LighthouseFigures['bootup'] {
  const items = ((lhr.audits['bootup-time']?.details as { items?: unknown[] } | undefined)?.items ?? []) as {
    url?: string;
    total?: number;
    scripting?: number;
    scriptParseCompile?: number;
  }[];
  return items.slice(0, 5).map((item) => ({
    url: (item.url ?? '').replace(/^https?:\/\/[^/]+/, ''),
    totalMs: Math.round(item.total ?? 0),
    scriptingMs: Math.round(item.scripting ?? 0),
    parseMs: Math.round(item.scriptParseCompile ?? 0),
  }));
}

type LighthouseResult = NonNullable<Awaited<ReturnType<typeof lighthouse>>>;

const metric = (lhr: LighthouseResult['lhr'], id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
/** A value the metrics audit observed in the unthrottled load (not simulated), e.g. the FCP. */
const observed = (lhr: LighthouseResult['lhr'], name: string) => {
  const details = lhr.audits.metrics?.details as { items?: Record<string, unknown>[] } | undefined;
  const value = details?.items?.[0]?.[name];
  return typeof value === 'number' ? Math.round(value) : Number.NaN;
};
const score = (lhr: LighthouseResult['lhr'], id: string) => {
  const value = lhr.categories[id]?.score;
  return value === null || value === undefined ? null : Math.round(value * 100);
};

/**
 * Puts the browser's one profile (which Lighthouse's tab shares) in the state the route needs:
 * signed out of any earlier route, no offline data from it, then signed in as the route's audience.
 * Lighthouse itself clears the HTTP cache, service workers and Cache Storage, not cookies or storage.
 */
async function prepareProfile(port: number, base: string, scenario: RouteScenario): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0]!;
    await context.clearCookies();
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Storage.clearDataForOrigin', { origin: base, storageTypes: 'indexeddb,local_storage' });
    // Cookies from context.request land in the profile. The rep's selection is written by
    // signInFor's init script on a page of the origin that runs no app code (the web app manifest).
    await signInFor(context, base, scenario);
    if (scenario.audience === 'rep') {
      await page.goto(`${base}/manifest.webmanifest`);
      await page.waitForFunction((key) => localStorage.getItem(key) !== null, SAVED_SELECTION_KEY);
    }
    await page.close();
  } finally {
    await browser.close();
  }
}

/** The run's long tasks, as its long-tasks audit lists them (simulated, at 4x CPU). */
const longTasksOf = (lhr: LighthouseResult['lhr']): LongTask[] =>
  ((lhr.audits['long-tasks']?.details as { items?: LongTask[] } | undefined)?.items ?? []).map(
    ({ url, startTime, duration }) => ({ url, startTime, duration }),
  );

/** One Lighthouse run's figures, from its report and its trace. */
const runOf = ({ lhr, artifacts }: LighthouseResult): LighthouseFigures['runs'][number] => ({
  performance: score(lhr, 'performance'),
  lcpMs: Math.round(metric(lhr, 'largest-contentful-paint')),
  observedFcpMs: observed(lhr, 'observedFirstContentfulPaint'),
  tbtMs: Math.round(metric(lhr, 'total-blocking-time')),
  mainCpuMs: mainThreadCpuAfterFcpMs(artifacts.Trace.traceEvents),
  ownBlockingMs: ownBlockingAfterFcpMs(artifacts.Trace.traceEvents),
  blockingByScript: blockingByScript(
    longTasksOf(lhr),
    metric(lhr, 'first-contentful-paint'),
    metric(lhr, 'interactive'),
  ),
});

/** A route's figures: the median run's (Lighthouse's own choice), with every run's beside. */
function figuresOf(results: LighthouseResult[]): { figures: LighthouseFigures; median: LighthouseResult } {
  const median =
    results[
      medianRunIndex(
        results.map(({ lhr: run }) => ({
          fcpMs: metric(run, 'first-contentful-paint'),
          interactiveMs: metric(run, 'interactive'),
        })),
      )
    ]!;
  const { lhr } = median;
  return {
    median,
    figures: {
      scores: Object.fromEntries(CATEGORIES.map((id) => [id, score(lhr, id)])) as LighthouseFigures['scores'],
      lcpMs: Math.round(metric(lhr, 'largest-contentful-paint')),
      tbtMs: Math.round(metric(lhr, 'total-blocking-time')),
      cls: Number(metric(lhr, 'cumulative-layout-shift').toFixed(3)),
      fcpMs: Math.round(metric(lhr, 'first-contentful-paint')),
      speedIndexMs: Math.round(metric(lhr, 'speed-index')),
      installable: lhr.audits['ezy-installable-manifest']?.score === 1,
      runs: results.map(runOf),
      mainThread: mainThreadOf(lhr),
      bootup: bootupOf(lhr),
    },
  };
}

/**
 * Runs Lighthouse `runs` times on each route and keeps the median run (Lighthouse's own choice:
 * the run nearest the median FCP and time to interactive), as Lighthouse advises: one simulated
 * run varies by a few points. Writes its HTML/JSON reports to bench-results/lighthouse/.
 *
 * Given more than one origin (another build served beside this one), each run visits every
 * origin in turn, so a slower spell of the machine falls on both builds alike; the figures come
 * back per origin, in the order given, and the first origin's reports are the ones written.
 */
export async function lighthouseRoutes(
  bases: string | readonly string[],
  routes: readonly RouteScenario[] = ROUTES,
  runs = 1,
  { explainLcp: explainEachRun = false } = {},
): Promise<Partial<Record<RouteId, LighthouseFigures>>[]> {
  const origins = typeof bases === 'string' ? [bases] : bases;
  await mkdir(outDir, { recursive: true });
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath() ?? '/usr/bin/chromium',
    // A local HTTPS run (TLS_CERT_FILE) uses a self-signed certificate.
    chromeFlags: [
      '--headless=new',
      ...CHROMIUM_ARGS,
      ...(origins.some((base) => base.startsWith('https:')) ? ['--ignore-certificate-errors'] : []),
    ],
  });
  const figures = origins.map((): Partial<Record<RouteId, LighthouseFigures>> => ({}));
  try {
    for (const scenario of routes) {
      const results = origins.map((): LighthouseResult[] => []);
      for (let run = 0; run < runs; run++) {
        for (const [index, base] of origins.entries()) {
          const url = `${base}${scenario.path}`;
          await prepareProfile(chrome.port, base, scenario);
          const result = await lighthouse(
            url,
            {
              port: chrome.port,
              output: ['json', 'html'],
              logLevel: 'error',
              onlyCategories: [...CATEGORIES],
              ...(EXTRA_TRACE_CATEGORIES ? { additionalTraceCategories: EXTRA_TRACE_CATEGORIES } : {}),
            },
            config,
          );
          if (!result) throw new Error(`Lighthouse returned nothing for ${url}.`);
          if (result.lhr.finalDisplayedUrl !== url) {
            throw new Error(`${url} ended at ${result.lhr.finalDisplayedUrl}.`);
          }
          results[index]!.push(result);
          if (TRACE_DIR) {
            // The run's own trace, unthrottled: each task as observed, before the 4x simulation.
            const name = `${scenario.id}${index > 0 ? `.origin-${index + 1}` : ''}.lighthouse-${run + 1}`;
            await mkdir(TRACE_DIR, { recursive: true });
            await writeFile(join(TRACE_DIR, `${name}.json`), JSON.stringify(result.artifacts.Trace));
            // And the run's report: its long-tasks audit places each task in the simulated load.
            await writeFile(join(TRACE_DIR, `${name}.report.json`), JSON.stringify(result.lhr));
          }
          if (explainEachRun && index === 0) {
            // The simulation behind the LCP figure (scripts/perf/lantern-lcp.ts), one file per run.
            const explanation = await explainLcp(result);
            const file = join(outDir, `${scenario.id}.lcp-${run + 1}.txt`);
            await writeFile(file, `${formatExplanation(explanation)}\n`);
            console.log(
              `${scenario.id} run ${run + 1}: LCP ${explanation.lcpMs} ms (optimistic ${explanation.optimistic.endMs}, ` +
                `pessimistic ${explanation.pessimistic.endMs}), explained in ${file}`,
            );
          }
        }
      }
      for (const [index, originResults] of results.entries()) {
        const { figures: routeFigures, median } = figuresOf(originResults);
        figures[index]![scenario.id] = routeFigures;
        if (index > 0) continue;
        const [json, html] = median.report as string[];
        await writeFile(join(outDir, `${scenario.id}.report.html`), html ?? '');
        await writeFile(join(outDir, `${scenario.id}.report.json`), json ?? '');
      }
    }
  } finally {
    chrome.kill();
  }
  return figures;
}

async function main() {
  const base = process.env.LIGHTHOUSE_BASE_URL ?? localShellOrigin();
  const probe = await fetch(`${base}/`).catch(() => undefined);
  if (!probe?.ok) {
    console.error(`Nothing answers at ${base}. Start the app first: npm run serve (same PORT).`);
    process.exit(1);
  }
  const [figures = {}] = await lighthouseRoutes(base);
  for (const scenario of ROUTES) {
    const route = figures[scenario.id];
    if (!route) continue;
    console.log(
      `${scenario.label} (${scenario.path})\n` +
        CATEGORIES.map((id) => `  ${id.padEnd(16)} ${route.scores[id] ?? '-'}`).join('\n') +
        `\n  LCP ${route.lcpMs} ms, TBT ${route.tbtMs} ms, CLS ${route.cls}, FCP ${route.fcpMs} ms` +
        `\n  installable      ${route.installable ? 'yes' : 'no'}`,
    );
  }
  await writeFile(
    join(outDir, 'summary.json'),
    `${JSON.stringify({ base, date: new Date(), routes: figures }, null, 2)}\n`,
  );
  console.log(`Reports in ${outDir}`);
}

// Run on its own (npm run bench:lighthouse), not when scripts/perf/bench.ts imports it.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
