/**
 * `npm run bench:interactions`: interaction latency (INP per interaction) on the rep's customer
 * table and branch roll-up and the customer's reward choice, with the CPU slowed 4x
 * (scripts/perf/interactions.ts, docs/decisions/039-interaction-latency.md). Builds the apps, serves
 * them with the reference server on the benchmark's ports, prints each interaction's p75 and writes
 * bench-results/interactions.json. `npm run bench` measures the same and keeps it in bench.json.
 *
 *   npm run bench:interactions                          build, then measure everything
 *   npm run bench:interactions -- --no-build            measure the current build
 *   npm run bench:interactions -- --origin URL          measure an app already served there
 *   npm run bench:interactions -- --repetitions 20      repetitions per interaction (default 10)
 *   npm run bench:interactions -- --only next-page      only the interactions named (repeatable;
 *                                                       ids in scripts/perf/interactions.ts)
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { browserLaunchOptions } from '../ci/browser-launch';
import {
  CPU_SLOWDOWN,
  DEFAULT_REPETITIONS,
  INTERACTIONS,
  interactionTable,
  measureInteractions,
  STRETCH_MS,
  TARGET_MS,
  type InteractionId,
} from './interactions';
import { startApp } from './serve-app';

const repo = join(dirname(fileURLToPath(import.meta.url)), '../..');
/** `npm run bench`'s ports: the two benchmarks run one at a time. */
const PORTS = { PORT: '8180', API_PORT: '3181' };

const { values } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    origin: { type: 'string' },
    repetitions: { type: 'string', default: String(DEFAULT_REPETITIONS) },
    only: { type: 'string', multiple: true, default: [] },
  },
});
const repetitions = Number(values.repetitions);
if (!Number.isInteger(repetitions) || repetitions < 1) {
  console.error('--repetitions takes a whole number, 1 or more.');
  process.exit(2);
}
const known = INTERACTIONS.map((entry) => entry.id as string);
const unknown = values.only.filter((id) => !known.includes(id));
if (unknown.length > 0) {
  console.error(`--only takes one of: ${known.join(', ')}.`);
  process.exit(2);
}
const only = values.only as InteractionId[];

if (!values.origin && !values['no-build']) {
  const build = spawnSync('npm', ['run', 'build'], { cwd: repo, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const app = values.origin ? undefined : await startApp(PORTS);
const origin = values.origin ?? app!.origin;
try {
  const browser = await chromium.launch(browserLaunchOptions());
  try {
    console.log(
      `Interactions at ${CPU_SLOWDOWN}x CPU slowdown, ${repetitions} repetitions each, on ${origin}…`,
    );
    const figures = await measureInteractions(browser, origin, { repetitions, only });
    console.log(`\n${interactionTable(figures)}`);
    mkdirSync(join(repo, 'bench-results'), { recursive: true });
    const file =
      only.length === 0 ? 'bench-results/interactions.json' : 'bench-results/interactions-some.json';
    const output = {
      measuredAt: new Date().toISOString(),
      method: `Event Timing, the longest entry per interaction; p75 of ${repetitions} repetitions; Chromium headless, CPU slowed ${CPU_SLOWDOWN}x; ${cpus().length} cores`,
      targetMs: TARGET_MS,
      stretchMs: STRETCH_MS,
      interactions: figures,
    };
    writeFileSync(join(repo, file), `${JSON.stringify(output, null, 2)}\n`);
    console.log(`\nWritten to ${file}`);
  } finally {
    await browser.close();
  }
} finally {
  await app?.stop();
}
