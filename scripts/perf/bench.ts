/**
 * `npm run bench`: the performance benchmark (docs/decisions/007-performance-figures.md). Builds the apps, serves them with the reference server
 * and, for each route of scripts/perf/route-budgets.ts (the routes the budget test guards):
 *
 * - first visit, cold cache, no service worker: gzip bytes and count of the JavaScript the browser
 *   transferred (the browser's own network accounting), all bytes and all requests;
 * - repeat visit once the service worker has cached the first: JavaScript taken from the network;
 * - Lighthouse 12 mobile: performance and accessibility scores, LCP, TBT, CLS (scripts/perf/lighthouse.ts);
 * - the return visit: the route opened again with its files cached by the service worker and its data
 *   saved offline, throttled as Lighthouse mobile (150 ms RTT, 1.6 Mbps, 4x CPU) for real: LCP, FCP,
 *   blocking time after FCP and the requests that still went to the network before LCP, median of 5
 *   runs (scripts/perf/return-visit.ts).
 *
 * and the latency of the rep's and the customer's interactions at 4x CPU slowdown, p75 of 10
 * repetitions each (scripts/perf/interactions.ts, `npm run bench:interactions` alone), and the
 * rep's briefcase: its gzip bytes, its download at 1.6 Mbps and 150 ms RTT, and the offline
 * table's search p95 at 4x CPU (scripts/perf/briefcase.ts).
 *
 * Prints a table and writes bench-results/bench.json (docs/decisions/007-performance-figures.md carries the latest).
 *
 *   npm run bench                          build, then measure everything
 *   npm run bench -- --no-build            measure the current build
 *   npm run bench -- --no-lighthouse       bytes only (about 30 s, no return visits); add --interactions
 *                                          for those too
 *   npm run bench -- --no-return           no return visits
 *   npm run bench -- --return-only         only the return visits (bench-results/return-visit.json)
 *   npm run bench -- --return-runs 3       return visits per route, the medians kept (default 5)
 *   npm run bench -- --return-only --baseline /tmp/base
 *                                          also the return visits (and, without --return-only,
 *                                          the Lighthouse runs) of the build in /tmp/base (a git
 *                                          worktree of an earlier commit, built there), served on
 *                                          the ports + 10 and visited in turn with this one, each
 *                                          route's figures printed with that build's under them
 *   RETURN_VISIT_TRACE_DIR=<dir> npm run bench -- --return-only
 *                                          also write each return visit's Chrome trace to <dir>
 *                                          (RETURN_VISIT_TRACE_SAMPLES=1: with V8's CPU samples,
 *                                          which lengthen the tasks they name)
 *   LIGHTHOUSE_TRACE_DIR=<dir> npm run bench -- --no-return
 *                                          also write each Lighthouse run's Chrome trace to <dir>
 *                                          (the tasks as observed, before the 4x simulation)
 *   npm run bench -- --no-interactions     no interaction latency (about 2 minutes less)
 *   npm run bench -- --no-briefcase        no rep briefcase (its own server on the API port + 10)
 *   npm run bench -- --verbose             also list every script of every route
 *   npm run bench -- --runs 5              Lighthouse runs per route, the median kept (default 3)
 *   npm run bench -- --route login         only the routes named (repeatable; ids in route-budgets.ts),
 *                                          no interactions
 *   npm run bench -- --http1               serve over plain HTTP/1.1 (as npm start does)
 *   npm run bench -- --explain-lcp         write each Lighthouse run's simulated LCP graph and
 *                                          critical path (scripts/perf/lantern-lcp.ts)
 *
 * Ports: the shell on $BENCH_PORT (8180; its CDN on the next port) and the API on $BENCH_API_PORT (3181).
 *
 * Lighthouse and the return visits run against the apps served over HTTPS with HTTP/2, as any production host serves
 * them, from a throwaway certificate for localhost: over HTTP/1.1 a browser opens at most 6
 * connections per origin and every further request waits for one, which a page of many small
 * immutable chunks pays in round trips no real deployment has (Lighthouse's simulation models
 * both). Bytes are measured over plain HTTP/1.1, like the budget test.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import {
  KB,
  measureColdVisit,
  measureRepeatVisit,
  ROUTES,
  type RouteFigures,
  type RouteId,
} from './route-budgets';
import { browserLaunchOptions } from '../ci/browser-launch';
import { lighthouseRoutes, type LighthouseFigures } from './lighthouse';
import { meanBlockingByScript } from './blocking-by-script';
import { onTimeFigures, onTimeRuns } from './median-run';
import { briefcaseSummary, measureBriefcase, type BriefcaseFigures } from './briefcase';
import { interactionTable, measureInteractions, type InteractionFigures } from './interactions';
import { trustCertificateArgs, writeLocalCertificate } from './local-certificate';
import { measureReturnVisits, returnVisitTable, type ReturnVisitFigures } from './return-visit';
import { startApp } from './serve-app';

const repo = join(dirname(fileURLToPath(import.meta.url)), '../..');
/**
 * The shell on 8180, the local CDN on 8181 (the shell's port + 1), the API on 3181; BENCH_PORT and
 * BENCH_API_PORT move them, for a bench beside another.
 */
const PORTS = { PORT: process.env.BENCH_PORT ?? '8180', API_PORT: process.env.BENCH_API_PORT ?? '3181' };
const flag = (name: string) => process.argv.includes(name);

/** Only the return visits: no bytes, Lighthouse or interactions (to study return visits quickly). */
const RETURN_ONLY = flag('--return-only');
const MEASURE_LIGHTHOUSE = !RETURN_ONLY && !flag('--no-lighthouse');
/** Return visits go with every run that times loads (Lighthouse's), unless --no-return. */
const MEASURE_RETURN = RETURN_ONLY || (MEASURE_LIGHTHOUSE && !flag('--no-return'));

/** The certificate the Lighthouse phase serves with (set for the re-run by runWithCertificate). */
const CERTIFICATE =
  process.env.BENCH_CERT_FILE && process.env.BENCH_KEY_FILE
    ? { certFile: process.env.BENCH_CERT_FILE, keyFile: process.env.BENCH_KEY_FILE }
    : undefined;

/**
 * Over HTTP/2 (the default) the benchmark runs again in a child process that trusts a new
 * localhost certificate: Node reads NODE_EXTRA_CA_CERTS only as it starts. Returns the child's
 * exit code, or undefined when this process is the one to measure.
 */
async function runWithCertificate(): Promise<number | undefined> {
  if (CERTIFICATE || flag('--http1') || (!MEASURE_LIGHTHOUSE && !MEASURE_RETURN)) return undefined;
  const dir = mkdtempSync(join(tmpdir(), 'ezy-bench-tls-'));
  const { certFile, keyFile } = await writeLocalCertificate(dir);
  const child = spawnSync(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: {
      ...process.env,
      BENCH_CERT_FILE: certFile,
      BENCH_KEY_FILE: keyFile,
      NODE_EXTRA_CA_CERTS: certFile,
    },
  });
  rmSync(dir, { recursive: true, force: true });
  return child.status ?? 1;
}

/** Lighthouse runs per route: one simulated run varies by a few points, the median run is kept. */
const LIGHTHOUSE_RUNS = (() => {
  const at = process.argv.indexOf('--runs');
  if (at === -1) return 3;
  const runs = Number(process.argv[at + 1]);
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a whole number of runs, 1 or more.');
  return runs;
})();

/** Return visits per route, each figure's median kept (the LCP of one run moves by a few hundred ms). */
const RETURN_RUNS = (() => {
  const at = process.argv.indexOf('--return-runs');
  if (at === -1) return 5;
  const runs = Number(process.argv[at + 1]);
  if (!Number.isInteger(runs) || runs < 1) {
    throw new Error('--return-runs takes a whole number of runs, 1 or more.');
  }
  return runs;
})();

/** The routes to measure: every one, or those named with --route (to study one route's figures). */
const SELECTED_ROUTES = (() => {
  const named = process.argv.flatMap((arg, at) => (arg === '--route' ? [process.argv[at + 1]] : []));
  if (named.length === 0) return ROUTES;
  const known = ROUTES.map((route) => route.id as string);
  const unknown = named.filter((id) => id === undefined || !known.includes(id));
  if (unknown.length > 0) throw new Error(`--route takes one of: ${known.join(', ')}.`);
  return ROUTES.filter((route) => named.includes(route.id));
})();

/**
 * Interaction latency goes with every full run, so that a slower interaction shows in bench.json; a
 * bytes-only run (--no-lighthouse) stays quick unless --interactions asks for it, and a run of some
 * routes studies those routes' loads.
 */
const MEASURE_INTERACTIONS =
  !RETURN_ONLY &&
  SELECTED_ROUTES === ROUTES &&
  !flag('--no-interactions') &&
  (!flag('--no-lighthouse') || flag('--interactions'));

/** The rep's briefcase goes with every run of every route, unless --no-briefcase. */
const MEASURE_BRIEFCASE = !RETURN_ONLY && SELECTED_ROUTES === ROUTES && !flag('--no-briefcase');

interface RouteReport {
  id: RouteId;
  route: string;
  path: string;
  targetKb: number;
  stretchKb: number;
  budgetKb: number;
  jsKb: number;
  jsBytes: number;
  jsRequests: number;
  /** Workers' code, apart from the page's JavaScript (route-budgets.ts). */
  workerJsBytes: number;
  totalBytes: number;
  requests: number;
  repeatVisitJsBytes: number;
  lighthouse?: LighthouseFigures;
  /** The same runs on the build `--baseline` names, visited in turn with this one. */
  lighthouseBefore?: LighthouseFigures;
  returnVisit?: ReturnVisitFigures;
}

const RETURN_VISIT_METHOD =
  `the route opened again in a new tab once the service worker had cached it and the offline copy was saved, ` +
  `the worker stopped; 150 ms RTT, 1.6 Mbps down, 750 Kbps up, CPU slowed 4x (DevTools protocol, applied for real); ` +
  `LCP, FCP, blocking time from FCP to the route's content ready, and the requests the page or its worker sent ` +
  `to the network before LCP; and read again 6 s after load (the last LCP, blocking from FCP to then) ` +
  `(scripts/perf/return-visit.ts); medians of ${RETURN_RUNS} runs, the URLs of the median run`;

function listScripts(label: string, figures: RouteFigures): void {
  console.log(`\n${label}`);
  for (const file of figures.files.filter((f) => f.script).sort((a, b) => b.bytes - a.bytes)) {
    console.log(`${(file.bytes / KB).toFixed(1).padStart(8)} KB  ${file.url}`);
  }
}

function printTable(reports: RouteReport[]): void {
  const kb = (bytes: number) => (bytes / KB).toFixed(1);
  const cell = (value: string | number | null | undefined, width: number) =>
    String(value ?? '-').padStart(width);
  console.log(
    `\n${'route'.padEnd(40)}${cell('JS KB', 8)}${cell('worker', 8)}${cell('target', 8)}${cell('JS req', 8)}${cell('repeat', 8)}` +
      `${cell('perf', 6)}${cell('a11y', 6)}${cell('LCP ms', 8)}${cell('TBT ms', 8)}${cell('CLS', 7)}`,
  );
  // Runs whose first frame came late hide their start-up's tasks from TBT (median-run.ts); the
  // main thread's CPU after FCP is the steadier figure to compare builds by (main-thread-cpu.ts).
  const onTimeCell = (lh: LighthouseFigures) => {
    const onTime = onTimeFigures(lh.runs);
    if (!onTime) return '  every run late';
    const own =
      onTime.ownBlockingMs === undefined ? '' : ` (the page's own work: ${onTime.ownBlockingMs} ms)`;
    const cpu = onTime.mainCpuMs === undefined ? '' : `, main-thread CPU after FCP ${onTime.mainCpuMs} ms`;
    return `  median of the ${onTime.runs} on-time runs: TBT ${onTime.tbtMs} ms${own}${cpu}`;
  };
  const spreadOf = (lh: LighthouseFigures | undefined) =>
    lh && lh.runs.length > 1
      ? `  runs: ${lh.runs.map((run) => run.performance).join(' ')}` +
        `  TBT: ${lh.runs.map((run) => run.tbtMs).join(' ')} ms` +
        `  observed FCP: ${lh.runs.map((run) => run.observedFcpMs).join(' ')} ms` +
        onTimeCell(lh)
      : '';
  const lighthouseCells = (lh: LighthouseFigures | undefined) =>
    `${cell(lh?.scores.performance, 6)}${cell(lh?.scores.accessibility, 6)}` +
    `${cell(lh?.lcpMs, 8)}${cell(lh?.tbtMs, 8)}${cell(lh?.cls, 7)}${spreadOf(lh)}`;
  for (const r of reports) {
    console.log(
      `${r.route.padEnd(40)}${cell(kb(r.jsBytes), 8)}${cell(kb(r.workerJsBytes), 8)}${cell(r.targetKb, 8)}${cell(r.jsRequests, 8)}` +
        `${cell(kb(r.repeatVisitJsBytes), 8)}${lighthouseCells(r.lighthouse)}`,
    );
    // The build --baseline names, its runs taken in turn with this build's.
    if (r.lighthouseBefore)
      console.log(`${'  before'.padEnd(40)}${' '.repeat(40)}${lighthouseCells(r.lighthouseBefore)}`);
  }
  // What the median run's main thread did (scripts/perf/lighthouse.ts): the make-up of its TBT.
  for (const r of reports) {
    const lh = r.lighthouse;
    if (!lh) continue;
    const groups = Object.entries(lh.mainThread.byGroup)
      .map(([group, ms]) => `${group} ${ms}`)
      .join(', ');
    console.log(`\n${r.route}: main thread ${lh.mainThread.totalMs} ms (${groups})`);
    // Where the on-time runs' TBT came from, per script (blocking-by-script.ts): steadier than the total.
    const blocking = (figures: LighthouseFigures) =>
      meanBlockingByScript(onTimeRuns(figures.runs).map((run) => run.blockingByScript))
        .map(([name, ms]) => `${name} ${ms}`)
        .join(', ') || 'none';
    console.log(`  TBT by script, mean of the on-time runs, ms: ${blocking(lh)}`);
    if (r.lighthouseBefore) console.log(`  before: ${blocking(r.lighthouseBefore)}`);
    for (const script of lh.bootup) {
      console.log(
        `${String(script.totalMs).padStart(8)} ms  (eval ${script.scriptingMs}, parse ${script.parseMs})  ${script.url}`,
      );
    }
  }
}

/** Cold-visit bytes and the repeat visit's, per route, over plain HTTP/1.1; interactions when asked. */
async function measureBytes(): Promise<{
  reports: RouteReport[];
  interactions?: InteractionFigures[];
  briefcase?: BriefcaseFigures;
}> {
  // Bytes over plain HTTP/1.1, as the budget test measures them (a service worker needs a
  // certificate the browser trusts, which the localhost one is not).
  const reports: RouteReport[] = [];
  let interactions: InteractionFigures[] | undefined;
  let briefcase: BriefcaseFigures | undefined;
  const app = await startApp(PORTS);
  try {
    const browser = await chromium.launch(browserLaunchOptions());
    for (const scenario of SELECTED_ROUTES) {
      const cold = await measureColdVisit(browser, app.origin, scenario);
      const repeat = await measureRepeatVisit(browser, app.origin, scenario);
      if (flag('--verbose')) listScripts(scenario.label, cold);
      reports.push({
        id: scenario.id,
        route: scenario.label,
        path: scenario.path,
        targetKb: scenario.targetKb,
        stretchKb: scenario.stretchKb,
        budgetKb: scenario.budgetKb,
        jsKb: Number((cold.jsBytes / KB).toFixed(1)),
        jsBytes: cold.jsBytes,
        jsRequests: cold.jsRequests,
        workerJsBytes: cold.workerJsBytes,
        totalBytes: cold.totalBytes,
        requests: cold.requests,
        repeatVisitJsBytes: repeat.jsBytes,
      });
    }
    if (MEASURE_INTERACTIONS) {
      console.log('\nInteractions at 4x CPU slowdown, 10 repetitions each…');
      interactions = await measureInteractions(browser, app.origin);
    }
    if (MEASURE_BRIEFCASE) {
      console.log("\nThe rep's briefcase: size, throttled download, offline search at 4x CPU…");
      briefcase = await measureBriefcase(browser, Number(PORTS.API_PORT) + 10);
    }
    await browser.close();
  } finally {
    await app.stop();
  }
  return { reports, interactions, briefcase };
}

/** Lighthouse over HTTP/2, as a production host serves the app (see the top of this file). */
async function addLighthouse(reports: RouteReport[]): Promise<void> {
  const served = await startApp(PORTS, CERTIFICATE);
  const baseline = BASELINE ? await startApp(BASELINE_PORTS, CERTIFICATE, BASELINE) : undefined;
  try {
    const protocol = CERTIFICATE ? 'HTTP/2' : 'HTTP/1.1';
    console.log(
      `\nLighthouse (mobile, ${protocol}), one route at a time, median of ${LIGHTHOUSE_RUNS} runs` +
        `${baseline ? `, each run also on the build in ${BASELINE}` : ''}…`,
    );
    const origins = [served.origin, ...(baseline ? [baseline.origin] : [])];
    const [lighthouse = {}, before] = await lighthouseRoutes(origins, SELECTED_ROUTES, LIGHTHOUSE_RUNS, {
      explainLcp: flag('--explain-lcp'),
    });
    for (const report of reports) {
      report.lighthouse = lighthouse[report.id];
      report.lighthouseBefore = before?.[report.id];
    }
  } finally {
    await served.stop();
    await baseline?.stop();
  }
}

type ReturnVisits = Partial<Record<RouteId, ReturnVisitFigures>>;

/** The checkout of another build to measure beside this one (`--baseline <dir>`), if any. */
const BASELINE = (() => {
  const at = process.argv.indexOf('--baseline');
  return at === -1 ? undefined : process.argv[at + 1];
})();
/** The baseline's ports: this build's, moved by 10. */
const BASELINE_PORTS = {
  PORT: String(Number(PORTS.PORT) + 10),
  API_PORT: String(Number(PORTS.API_PORT) + 10),
};

/** Return visits over HTTP/2 too: what a visitor waits for once the service worker has the app. */
async function measureReturn(): Promise<ReturnVisits> {
  const served = await startApp(PORTS, CERTIFICATE);
  const baseline = BASELINE ? await startApp(BASELINE_PORTS, CERTIFICATE, BASELINE) : undefined;
  try {
    const protocol = CERTIFICATE ? 'HTTP/2' : 'HTTP/1.1';
    console.log(
      `\nReturn visits (${protocol}, 150 ms RTT, 1.6 Mbps, 4x CPU), one route at a time, median of ${RETURN_RUNS} runs…`,
    );
    const started = Date.now();
    const launch = browserLaunchOptions();
    const origins = [served.origin, ...(baseline ? [baseline.origin] : [])];
    const [returnVisits = {}, before] = await measureReturnVisits(origins, SELECTED_ROUTES, RETURN_RUNS, {
      ...launch,
      args: [...(launch.args ?? []), ...(CERTIFICATE ? trustCertificateArgs(CERTIFICATE.certFile) : [])],
    });
    console.log(`Return visits took ${Math.round((Date.now() - started) / 1000)} s.`);
    if (BASELINE)
      console.log(`Under each route ("before"): the build in ${BASELINE}, visited in turn with this one.`);
    const rows = SELECTED_ROUTES.flatMap((scenario) => {
      const figures = returnVisits[scenario.id];
      return figures ? [{ label: scenario.label, figures, before: before?.[scenario.id] }] : [];
    });
    console.log(`\n${returnVisitTable(rows, served.origin)}`);
    return returnVisits;
  } finally {
    await served.stop();
    await baseline?.stop();
  }
}

const SERVED_OVER = CERTIFICATE ? 'HTTP/2 over TLS (a throwaway localhost certificate)' : 'HTTP/1.1';

/** A return-only run's figures, in a file of their own. */
function writeReturnVisits(returnVisits: ReturnVisits | undefined): void {
  const file = 'bench-results/return-visit.json';
  const output = {
    measuredAt: new Date().toISOString(),
    returnVisit: RETURN_VISIT_METHOD,
    protocol: SERVED_OVER,
    routes: SELECTED_ROUTES.map((scenario) => ({
      id: scenario.id,
      route: scenario.label,
      path: scenario.path,
      returnVisit: returnVisits?.[scenario.id],
    })),
  };
  writeFileSync(join(repo, file), `${JSON.stringify(output, null, 2)}\n`);
  console.log(`\nWritten to ${file}`);
}

/** Every figure of the run, with how each was measured. */
function writeFigures(
  reports: RouteReport[],
  interactions: InteractionFigures[] | undefined,
  returnVisits: ReturnVisits | undefined,
  briefcase?: BriefcaseFigures,
): void {
  const output = {
    measuredAt: new Date().toISOString(),
    bytes: 'gzip bytes of JavaScript transferred (Accept-Encoding: gzip), cold cache, no service worker',
    repeatVisit: 'JavaScript bytes taken from the network on a second visit with the service worker',
    lighthouse: `Lighthouse 12 mobile preset (simulated slow 4G, 4x CPU slowdown) on this machine, median of ${LIGHTHOUSE_RUNS} runs`,
    ...(returnVisits ? { returnVisit: RETURN_VISIT_METHOD } : {}),
    protocol: {
      bytes: 'HTTP/1.1',
      lighthouse: SERVED_OVER,
      ...(returnVisits ? { returnVisit: SERVED_OVER } : {}),
    },
    routes: reports,
    ...(interactions
      ? {
          interactions: {
            method:
              'Event Timing, the longest entry per interaction; p75 of 10 repetitions; Chromium headless, CPU slowed 4x (docs/decisions/039-interaction-latency.md)',
            figures: interactions,
          },
        }
      : {}),
    ...(briefcase
      ? {
          briefcase: {
            method:
              "POST /briefcase/page for the demo rep of every region: gzip bytes of every page; the pages fetched in turn in Chromium at 1.6 Mbps down, 750 kbps up, 150 ms RTT; searchKeptCustomers at 4x CPU over the table's requests, 5 runs (scripts/perf/briefcase.ts)",
            figures: briefcase,
          },
        }
      : {}),
  };
  // A run of some routes does not replace the full figures the README quotes.
  const file =
    SELECTED_ROUTES === ROUTES ? 'bench-results/bench.json' : 'bench-results/bench-some-routes.json';
  writeFileSync(join(repo, file), `${JSON.stringify(output, null, 2)}\n`);
  console.log(`\nWritten to ${file}`);
}

async function main() {
  const exitCode = await runWithCertificate();
  if (exitCode !== undefined) process.exit(exitCode);
  if (!flag('--no-build')) {
    const build = spawnSync('npm', ['run', 'build'], { cwd: repo, stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  const { reports, interactions, briefcase } = RETURN_ONLY ? { reports: [] } : await measureBytes();
  if (MEASURE_LIGHTHOUSE) await addLighthouse(reports);
  const returnVisits = MEASURE_RETURN ? await measureReturn() : undefined;
  for (const report of reports) report.returnVisit = returnVisits?.[report.id];

  mkdirSync(join(repo, 'bench-results'), { recursive: true });
  if (RETURN_ONLY) {
    writeReturnVisits(returnVisits);
    return;
  }
  printTable(reports);
  if (interactions) console.log(`\n${interactionTable(interactions)}`);
  if (briefcase) console.log(`\n${briefcaseSummary(briefcase)}`);
  writeFigures(reports, interactions, returnVisits, briefcase);
}

await main();
