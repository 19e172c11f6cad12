#!/usr/bin/env node
// `npm test`: the checks, the build and the test suites as phases, each phase's npm scripts side by
// side, the phases one after the other; a phase that fails stops the run, as `&&` would. At the end
// (pass or fail) a table gives each phase's and each script's wall time, so a slower suite shows
// where the time went (docs/decisions/023-test-suite-time.md).
//
// Lint, format check, knip and typecheck are each single-threaded; the build runs beside them, so
// the cores they leave idle build the apps the end-to-end suites need. Playwright's Chromium suite,
// then the Firefox and WebKit journeys, run against that build and do not build again.
//
// Plain Node, no dependencies, like scripts/ci/supported-node.mjs, which starts it.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** @typedef {{ name: string, scripts: string[] }} Phase */
/** @typedef {{ phase: string, script: string, seconds: number, code: number }} StepResult */

/** @type {Phase[]} */
export const PHASES = [
  {
    name: 'checks and build',
    // The browsers are found (or installed) beside the checks, one installer after the other.
    scripts: ['lint:eslint', 'lint:format', 'lint:knip', 'typecheck', 'build', 'ensure-browsers'],
  },
  { name: 'unit tests', scripts: ['test:unit'] },
  { name: 'end-to-end, Chromium', scripts: ['test:e2e:built'] },
  { name: 'end-to-end, Firefox and WebKit', scripts: ['test:engines'] },
];

/**
 * Runs the phases in order, the scripts of a phase side by side (every one to its end, even when
 * another fails); stops after the first phase with a failed script. A phase's first script has the
 * terminal (`live`); the others' output is kept and written whole when each ends.
 * @param {Phase[]} phases
 * @param {(script: string, live: boolean) => Promise<number>} run the script's exit code
 * @param {() => number} now milliseconds
 * @returns {Promise<StepResult[]>} the scripts that ran, in the order of the phases
 */
export async function runPhases(phases, run, now = Date.now) {
  /** @type {StepResult[]} */
  const results = [];
  for (const phase of phases) {
    const steps = await Promise.all(
      phase.scripts.map(async (script) => {
        const started = now();
        const code = await run(script, script === phase.scripts[0]);
        return { phase: phase.name, script, seconds: (now() - started) / 1000, code };
      }),
    );
    results.push(...steps);
    if (steps.some((step) => step.code !== 0)) break;
  }
  return results;
}

/**
 * The timings table: a phase's wall time is its longest script's; the scripts of a phase run side
 * by side follow it, indented.
 * @param {StepResult[]} results
 * @returns {string}
 */
export function timingTable(results) {
  const phases = [...new Set(results.map((result) => result.phase))];
  /** @type {[string, number, string][]} */
  const rows = [];
  let total = 0;
  for (const phase of phases) {
    const steps = results.filter((result) => result.phase === phase);
    const seconds = Math.max(...steps.map((step) => step.seconds));
    total += seconds;
    const failed = steps.filter((step) => step.code !== 0).map((step) => step.script);
    rows.push([phase, seconds, failed.length > 0 ? `FAILED: ${failed.join(', ')}` : 'passed']);
    if (steps.length > 1) for (const step of steps) rows.push([`  ${step.script}`, step.seconds, '']);
  }
  rows.push(['total', total, '']);
  const width = Math.max(...rows.map(([label]) => label.length));
  const lines = rows.map(([label, seconds, note]) =>
    `${label.padEnd(width)}  ${seconds.toFixed(0).padStart(4)} s  ${note}`.trimEnd(),
  );
  return ['npm test, phase by phase (wall time):', ...lines].join('\n');
}

/**
 * `npm run <script>`: live, its output goes straight to the terminal; otherwise it is kept and
 * written in one piece when the script ends, so the outputs do not interleave.
 * @param {string} script
 * @param {boolean} live
 * @returns {Promise<number>}
 */
function npmRun(script, live) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', script], {
      stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      shell: process.platform === 'win32',
    });
    /** @type {Buffer[]} */
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.once('error', (error) => {
      console.error(`\`npm run ${script}\` could not start: ${error.message}`);
      resolve(1);
    });
    child.once('close', (code, signal) => {
      if (!live) process.stdout.write(Buffer.concat(output));
      if (signal) console.error(`\`npm run ${script}\` was stopped by ${signal}.`);
      resolve(code ?? 1);
    });
  });
}

async function main() {
  const results = await runPhases(PHASES, npmRun);
  console.log(`\n${timingTable(results)}`);
  process.exit(results.find((result) => result.code !== 0)?.code ?? 0);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
