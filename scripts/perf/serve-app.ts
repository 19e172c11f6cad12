/**
 * `npm start`'s servers (scripts/dev/start.ts) on given ports with a fresh database, for the benchmarks
 * (scripts/perf/bench.ts, scripts/perf/bench-interactions.ts): each run measures the demo data as seeded.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { localEnvironment } from '@promo/domain/environments/environments';

const repo = join(dirname(fileURLToPath(import.meta.url)), '../..');

export interface RunningApp {
  origin: string;
  stop: () => Promise<void>;
}

/** Waits until the shell's page and the local CDN's registry both answer. */
async function waitForShell(origin: string): Promise<void> {
  const urls = [`${origin}/`, localEnvironment(origin).registryUrl];
  for (let attempt = 0; attempt < 120; attempt++) {
    try {
      const answers = await Promise.all(urls.map((url) => fetch(url)));
      if (answers.every((answer) => answer.ok)) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('The app did not start within 30 s.');
}

/**
 * The built apps served on `ports`, over HTTP/2 when given a certificate; `root` is the checkout
 * whose build and servers run (another build's worktree, for a comparison side by side).
 */
export async function startApp(
  ports: { PORT: string; API_PORT: string },
  certificate?: { certFile: string; keyFile: string },
  root = repo,
): Promise<RunningApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ezy-bench-'));
  const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'scripts/dev/start.ts')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      ...ports,
      DB_FILE: join(dataDir, 'bench.sqlite'),
      DEPLOY_DIR: join(dataDir, 'deploy'),
      TLS_CERT_FILE: certificate?.certFile ?? '',
      TLS_KEY_FILE: certificate?.keyFile ?? '',
    },
  });
  const origin = `${certificate ? 'https' : 'http'}://localhost:${ports.PORT}`;
  const stopped = new Promise((resolve) => server.once('exit', resolve));
  const stop = async (): Promise<void> => {
    server.kill('SIGTERM');
    await stopped;
  };
  try {
    await waitForShell(origin);
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin, stop };
}
