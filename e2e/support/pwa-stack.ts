/**
 * A stack of its own for the service-worker update tests (e2e/pwa/update.spec.ts): the shell served
 * from a folder the test can swap (a "deploy" of a new shell build), the remotes deployed with the
 * real deploy code into a folder of the test's own, and the shared API behind the shell's proxy.
 * Its own origins keep the service worker and the registry changes away from every other test.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { localCdnOrigin } from '@promo/domain/environments/environments';
import { deployRemote, REMOTE_NAMES, registryHandler } from '../../scripts/deploy/remote-deploy';
import { documentHeadersOfFile } from '../../scripts/deploy/security-headers';
import { startStaticHost, type StaticHost } from '../../scripts/host/static-host';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const port = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

/**
 * Ports next to the run's own block (PORT + 20, and + 21 for its CDN: localCdnOrigin), like the
 * remote-failure test's PORT + 12.
 */
const shellOrigin = `http://localhost:${port('PORT', 8080) + 20}`;
export const pwaStackOrigins = { shell: shellOrigin, remotes: localCdnOrigin(shellOrigin) };
const pwaStackPorts = {
  shell: Number(new URL(pwaStackOrigins.shell).port),
  remotes: Number(new URL(pwaStackOrigins.remotes).port),
  api: port('API_PORT', 3001),
};

export interface PwaStack {
  /** Serves another shell build from now on, as a deploy would (an atomic switch). */
  serveShell: (dist: string) => void;
  /** Publishes a remote build under a new version and repoints the registry (scripts/deploy). */
  deploy: (remote: 'customer', from: string, version: string) => void;
  /** The remotes' deploy folder. */
  deployTarget: string;
  close: () => Promise<void>;
}

/**
 * Starts the stack on `stackOrigins` (by default the update tests' own; the cross-engine offline
 * journeys pass one per engine, e2e/engines/journeys/offline-journey.ts).
 */
export async function startPwaStack(
  initialShell: string,
  stackOrigins: { shell: string; remotes: string } = pwaStackOrigins,
): Promise<PwaStack> {
  const portOf = (origin: string) => Number(new URL(origin).port);
  const root = mkdtempSync(join(tmpdir(), 'ezy-pwa-stack-'));
  const live = join(root, 'live');
  const deployTarget = join(root, 'deploy');
  symlinkSync(initialShell, live);
  for (const remote of REMOTE_NAMES) {
    deployRemote({
      remote,
      from: join(repo, 'remotes', remote, 'dist'),
      target: deployTarget,
      env: 'local',
      origin: stackOrigins.remotes,
    });
  }
  const policy = { remoteOrigins: [stackOrigins.remotes], spendProgressParents: [stackOrigins.shell] };
  const hosts: StaticHost[] = await Promise.all([
    startStaticHost({
      root: live,
      port: portOf(stackOrigins.shell),
      spa: true,
      proxy: { prefix: '/api/', target: `http://127.0.0.1:${pwaStackPorts.api}` },
      documentHeaders: (pathname, file) => documentHeadersOfFile(pathname, file, policy),
    }),
    // The stack's CDN, on the shell's port + 1 as the local environment expects: the registry and
    // the remotes' versions.
    startStaticHost({
      root: deployTarget,
      port: portOf(stackOrigins.remotes),
      corsOrigins: [stackOrigins.shell],
      handle: registryHandler(deployTarget, 'local'),
    }),
  ]);
  return {
    serveShell: (dist) => {
      const next = join(root, `live-${Date.now()}`);
      symlinkSync(dist, next);
      renameSync(next, live);
    },
    deploy: (remote, from, version) => {
      deployRemote({
        remote,
        from,
        target: deployTarget,
        env: 'local',
        origin: stackOrigins.remotes,
        version,
      });
    },
    deployTarget,
    close: async () => {
      await Promise.all(hosts.map((host) => host.close()));
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** A copy of the current shell build (the version users have). */
export function copyOfShellBuild(): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'ezy-shell-current-')), 'dist');
  cpSync(join(repo, 'shell/dist'), dir, { recursive: true });
  return dir;
}

/**
 * A real second build of the shell, as the next deploy would be: the shell's own build (Rsbuild, then
 * the service worker) into another folder, with a build date of the test's choosing.
 */
export function buildShell(buildDate: string): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'ezy-shell-next-')), 'dist');
  const build = ['npm', 'run', 'build', '-w', 'shell'];
  // At the lowest CPU priority where `nice` exists: tests in other workers keep their pace meanwhile.
  const [command, ...args] = existsSync('/usr/bin/nice') ? ['/usr/bin/nice', '-n', '19', ...build] : build;
  execFileSync(command!, args, {
    cwd: repo,
    env: { ...process.env, SHELL_DIST_DIR: dir, BUILD_DATE: buildDate },
    stdio: 'pipe',
  });
  return dir;
}
