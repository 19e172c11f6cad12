/**
 * `npm run test:engines`: the journeys of e2e/engines/ in Firefox (Gecko) and WebKit, against the
 * current builds (`npm run build`, or `npm run test:e2e` before it).
 *
 *   npm run test:engines                      both engines, side by side
 *   npm run test:engines -- --engine webkit   one engine
 *   npm run test:engines -- --test-name-pattern=rep   the journeys (or steps) whose name matches
 *
 * What Playwright's webServer does for the Chromium suite, done here: scripts/dev/start.ts with a fresh
 * database and deploy folder of its own, stopped at the end. For WebKit it also starts a virtual
 * display (Xvfb) and WebKitWebDriver, and stops them. The journeys run under Node's test runner
 * (one process per engine); its spec report goes to the terminal, and a last line
 * `engines: N passed, N failed` sums both (docs/decisions/036-engine-suite.md).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../scripts/host/free-port.ts';
import { origins } from '../support/demo.ts';
import { ENGINE_NAMES, type EngineName } from './driver.ts';
import { offlineStackOrigin } from './engine-support.ts';

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, '../..');

/** `--engine <name>` (repeatable); any `--test-…` option goes to Node's test runner as it is. */
function parseArguments(argv: string[]): { engines: EngineName[]; testOptions: string[] } {
  const named: string[] = [];
  const testOptions: string[] = [];
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index]!;
    if (arg === '--engine') named.push(argv[(index += 1)] ?? '');
    else if (arg.startsWith('--engine=')) named.push(arg.slice('--engine='.length));
    else if (arg.startsWith('--test-')) testOptions.push(arg);
    else
      throw new Error(
        `Unknown argument ${arg}. Usage: npm run test:engines [-- --engine firefox|webkit] [--test-name-pattern=<regexp>]`,
      );
  }
  for (const name of named)
    if (!ENGINE_NAMES.includes(name as EngineName))
      throw new Error(`Unknown engine '${name}'; the engines are ${ENGINE_NAMES.join(', ')}.`);
  return { engines: named.length > 0 ? [...new Set(named as EngineName[])] : [...ENGINE_NAMES], testOptions };
}

const children: ChildProcess[] = [];
/** Starts a helper process in a process group of its own, so that stopping it stops its children too. */
function startHelper(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  log: 'inherit' | 'ignore' = 'inherit',
) {
  const child = spawn(command, args, { cwd: repo, env, detached: true, stdio: ['ignore', log, log] });
  children.push(child);
  return child;
}
function stopHelpers() {
  for (const child of children.reverse()) {
    if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) continue;
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
}

async function waitUntil(
  what: string,
  ready: () => Promise<boolean>,
  timeoutMs: number,
  exited?: ChildProcess,
) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited && exited.exitCode !== null)
      throw new Error(`${what}: the process exited (${exited.exitCode}).`);
    if (await ready().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${what} did not answer within ${timeoutMs / 1000} s.`);
}

const answers = async (url: string) => (await fetch(url)).ok;

/** Starts Xvfb on a display number it picks itself (-displayfd), so that no two runs collide. */
async function startDisplay(): Promise<string> {
  const xvfb = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', '1280x1400x24', '-nolisten', 'tcp'], {
    detached: true,
    stdio: ['ignore', 'ignore', 'ignore', 'pipe'],
  });
  children.push(xvfb);
  const display = await new Promise<string>((resolve, reject) => {
    let written = '';
    const timer = setTimeout(() => reject(new Error('Xvfb did not report a display within 10 s.')), 10_000);
    xvfb.stdio[3]?.on('data', (chunk: Buffer) => {
      written += chunk.toString();
      if (written.includes('\n')) {
        clearTimeout(timer);
        resolve(`:${written.trim()}`);
      }
    });
    xvfb.once('exit', (code) => reject(new Error(`Xvfb exited (${code}).`)));
  });
  return display;
}

async function main(): Promise<number> {
  const { engines, testOptions } = parseArguments(process.argv.slice(2));
  const started = Date.now();

  const ensure = spawnSync(process.execPath, [join(repo, 'scripts/ci/ensure-engines.mjs'), ...engines], {
    stdio: 'inherit',
  });
  if (ensure.status !== 0) return 1;

  if (await answers(`${origins.cdn}/registry.json`).catch(() => false))
    throw new Error(
      `Something already serves ${origins.cdn}: stop it, or set PORT and API_PORT to free ports.`,
    );

  const scratch = mkdtempSync(join(tmpdir(), 'ezy-engines-'));
  const env: NodeJS.ProcessEnv = { ...process.env };
  const server = startHelper(process.execPath, ['--import', 'tsx', 'scripts/dev/start.ts', '--no-build'], {
    ...env,
    DB_FILE: join(scratch, 'ezy.sqlite'),
    DEPLOY_DIR: join(scratch, 'deploy'),
    // The offline journeys' stacks call the same API from their own origins.
    ALLOWED_ORIGINS: ENGINE_NAMES.map(offlineStackOrigin).join(','),
    NODE_ENV: 'test',
  });
  try {
    await waitUntil('The web server', () => answers(`${origins.cdn}/registry.json`), 120_000, server);

    if (engines.includes('webkit')) {
      const display = await startDisplay();
      const driverPort = await freePort();
      const driver = startHelper(
        'WebKitWebDriver',
        [`--port=${driverPort}`],
        { ...env, DISPLAY: display },
        'ignore',
      );
      env.EZY_WEBKIT_DRIVER_URL = `http://127.0.0.1:${driverPort}`;
      await waitUntil(
        'WebKitWebDriver',
        () => answers(`${env.EZY_WEBKIT_DRIVER_URL}/status`),
        20_000,
        driver,
      );
    }

    const tap = join(scratch, 'report.tap');
    const files = engines.map((engine) => join(here, `${engine}.engine.ts`));
    const run = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--test',
        // The engines side by side: each mostly waits on its browser, and the two together fill the 2 cores.
        `--test-concurrency=${files.length}`,
        // A test process ends when its tests have: a handle a browser client keeps open (an HTTP
        // agent, a socket) once held a passed WebKit run open until CI's limit.
        '--test-force-exit',
        // And no step waits for ever on a browser that stopped answering: the longest takes ~15 s.
        '--test-timeout=120000',
        '--test-reporter=spec',
        '--test-reporter-destination=stdout',
        '--test-reporter=tap',
        `--test-reporter-destination=${tap}`,
        ...testOptions,
        ...files,
      ],
      { cwd: repo, env, stdio: 'inherit' },
    );
    const code = await new Promise<number>((resolve) => run.once('exit', (exit) => resolve(exit ?? 1)));
    const report = readFileSync(tap, 'utf8');
    const total = (name: string) => Number(report.match(new RegExp(`^# ${name} (\\d+)$`, 'm'))?.[1] ?? 0);
    console.log(`\nengines (${engines.join(', ')}) took ${Math.round((Date.now() - started) / 1000)} s`);
    console.log(`engines: ${total('pass')} passed, ${total('fail')} failed`);
    return total('pass') > 0 ? code : 1;
  } finally {
    stopHelpers();
    await new Promise((resolve) => setTimeout(resolve, 500));
    rmSync(scratch, { recursive: true, force: true });
  }
}

// Stopped from outside (Ctrl-C, CI's limit): the helpers live in process groups of their own, so
// they are stopped here or they would outlive the run.
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    stopHelpers();
    process.exit(130);
  });

process.exitCode = await main().catch((error: unknown) => {
  stopHelpers();
  console.error(error instanceof Error ? error.message : error);
  return 1;
});
