/**
 * `npm run bench:search`: POST /account/search against a generated data set of 50,000 accounts
 * (docs/decisions/008-rep-search-at-volume.md). Builds its own database in a temporary folder with the server's demo seed scaled up,
 * times the queries the rep screens send, prints p50/p95 and writes bench-results/account-search.json.
 *
 *   node --import tsx scripts/perf/bench-account-search.ts [--accounts 50000] [--iterations 40]
 *
 * The measuring code lives in the server (server/src/bench/search-benchmark.ts, exported as
 * `@promo/server/search-benchmark`), where the server's typecheck and lint cover it; this script only
 * runs it and keeps the figures.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const TARGET_P95_MS = 50;
const repo = join(dirname(fileURLToPath(import.meta.url)), '../..');

const { values } = parseArgs({
  options: {
    accounts: { type: 'string', default: '50000' },
    iterations: { type: 'string', default: '40' },
    out: { type: 'string', default: join(repo, 'bench-results/account-search.json') },
  },
});
const accounts = Number(values.accounts);
const iterations = Number(values.iterations);
if (!Number.isInteger(accounts) || accounts < 3 || !Number.isInteger(iterations) || iterations < 1) {
  console.error('Usage: bench-account-search.ts [--accounts N (>= 3)] [--iterations N (>= 1)] [--out file]');
  process.exit(2);
}

// Loaded after the arguments are checked: a usage error does not wait for the server's modules.
const { runSearchBenchmark } = await import('@promo/server/search-benchmark');

const folder = mkdtempSync(join(tmpdir(), 'ezy-search-bench-'));
const loadBefore = loadavg();
try {
  const report = await runSearchBenchmark({
    accounts,
    iterations,
    dbFile: join(folder, 'bench.sqlite'),
    log: (line) => console.log(line),
  });
  const machine = {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? 'unknown',
    loadAverageBefore: loadBefore.map((value) => Math.round(value * 100) / 100),
    loadAverageAfter: loadavg().map((value) => Math.round(value * 100) / 100),
  };
  const { endpoint, searchFunction } = report.overall;
  console.log('');
  console.log(
    `All queries, ${accounts.toLocaleString('en-NZ')} accounts, ${iterations} runs each (load average ${machine.loadAverageBefore.join(' ')}):`,
  );
  console.log(
    `  POST /account/search  p50 ${endpoint.p50} ms  p95 ${endpoint.p95} ms  max ${endpoint.max} ms`,
  );
  console.log(`  search function       p50 ${searchFunction.p50} ms  p95 ${searchFunction.p95} ms`);
  const slow = report.queries.filter((query) => query.endpoint.p95 >= TARGET_P95_MS);
  console.log(
    slow.length === 0
      ? `  Every query's p95 is under the ${TARGET_P95_MS} ms target.`
      : `  Over the ${TARGET_P95_MS} ms target at p95: ${slow.map((query) => query.name).join('; ')}`,
  );
  mkdirSync(dirname(values.out), { recursive: true });
  writeFileSync(
    values.out,
    `${JSON.stringify({ measuredAt: new Date().toISOString(), targetP95Ms: TARGET_P95_MS, machine, ...report }, null, 2)}\n`,
  );
  console.log(`Figures written to ${values.out}`);
} finally {
  rmSync(folder, { recursive: true, force: true });
}
