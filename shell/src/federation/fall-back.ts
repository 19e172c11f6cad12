/**
 * What the shell does when a remote's version fails (last-good-version.ts): reports it, and points
 * the remote at its last good version for the rest of the page view. Downloaded on a failure only.
 */
import type { ModuleFederation } from '@module-federation/enhanced/runtime';
import type { RuntimeConfig } from '@promo/domain/remote-contract';
import { REMOTE_NAMES, remoteFederationName, type RemoteName } from '@promo/domain/paths';
import { emitReleaseEvent } from '../release-health/release-events';
import { fallenBack, lastGoodOf, servingVersion } from './last-good-version';
import { registerRemote } from './remote-loader';

function stageOf(message: string): 'manifest' | 'entry' | 'module' {
  if (message.includes('RUNTIME-003')) return 'manifest';
  if (message.includes('RUNTIME-008')) return 'entry';
  return 'module';
}

/**
 * Reports the failure and points `remote` at its last good version for the rest of this page view;
 * false when there is none, or this page already fell back. The next load of the remote fetches the
 * last good version (the plugin loads it at once; RemoteMount forgets the failed load).
 */
export function switchToLastGood(remote: RemoteName, error: unknown): boolean {
  const from = servingVersion(remote);
  const message = String(error instanceof Error ? error.message : error);
  emitReleaseEvent({
    type: 'load-failure',
    remote,
    version: from,
    stage: stageOf(message),
    message: message.slice(0, 500),
  });
  const lastGood = lastGoodOf(remote);
  if (!lastGood) return false;
  fallenBack.set(remote, lastGood);
  // The remote's chunks register on a global array named after it (`chunk_<federation name>`);
  // the last good version's runtime would adopt the failed version's chunks from it, same ids.
  delete (globalThis as Record<string, unknown>)[`chunk_${remoteFederationName(remote)}`];
  // The loader loads the entry registered last, for the rest of this page view.
  registerRemote(remote, lastGood.manifest);
  emitReleaseEvent({ type: 'fallback', remote, from, to: lastGood.version });
  return true;
}

/** errorLoadRemote at `onLoad`: the routes module `id` from the last good version, or undefined. */
export function recover(id: string, error: unknown, origin: ModuleFederation): Promise<unknown> | undefined {
  const remote = REMOTE_NAMES.find((name) => id.startsWith(`${remoteFederationName(name)}/`));
  if (!remote || !switchToLastGood(remote, error)) return undefined;
  // A failure here reaches the hook again, finds the fallback used, and is thrown to the caller.
  return origin.loadRemote(id);
}

/** The registry's manifests (`current`), with the last good one where this page fell back from `served`. */
export function loadedManifests(
  current: RuntimeConfig['remotes'],
  served: RuntimeConfig['remotes'] | undefined,
): RuntimeConfig['remotes'] {
  const loaded = { ...current };
  for (const [remote, lastGood] of fallenBack) {
    // Still the version that failed here: this page stays on its last good one, nothing new to offer.
    if (current[remote] === served?.[remote]) loaded[remote] = lastGood.manifest;
  }
  return loaded;
}
