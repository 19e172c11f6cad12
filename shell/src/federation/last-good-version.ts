/**
 * The last good version of a remote, loaded for this page view when the version served fails
 * (docs/decisions/032-release-safety.md): its manifest, remote entry or routes module does not load
 * or throws while evaluating (Module Federation's errorLoadRemote hook, which uses a module it
 * returns at `onLoad` in place of the failed one), or its pages fail to load or render
 * (RemoteMount). Each remote falls back once per page view; the next page load tries the served
 * version again. Emits the failure and the fallback on the release events channel.
 *
 * Bundled into the shell's entry (early-loading.ts): only non-shared modules here.
 */
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import type { VersionRef } from '@promo/domain/environments/release-rules';
import { REMOTE_NAMES, remoteFederationName, type RemoteName } from '@promo/domain/paths';
import type { RuntimeConfig } from '@promo/domain/remote-contract';
import { emitReleaseEvent } from '../release-health/release-events';
import { switchRemoteEntry } from './remote-loader';

type Versions = Pick<RuntimeConfig, 'remotes' | 'versions' | 'fallbacks'>;

let versions: Versions | undefined;
const fallenBack = new Map<RemoteName, VersionRef>();

/** The versions this page is served (runtime-config.ts chose them for this device). */
export function configureVersions(config: Versions): void {
  versions = config;
}

/** The version of `remote` this page shows now: the one served, or its last good after a fallback. */
export function servingVersion(remote: RemoteName): string {
  return fallenBack.get(remote)?.version ?? versions?.versions?.[remote] ?? 'unknown';
}

export const isOnLastGood = (remote: RemoteName) => fallenBack.has(remote);

/** Whether a failure of `remote` now can still be met with its last good version. */
export const canFallBack = (remote: RemoteName) => !fallenBack.has(remote) && !!versions?.fallbacks?.[remote];

/** The manifest URLs this page loads, as the update prompt compares them with the registry's. */
export function loadedManifests(current: RuntimeConfig['remotes']): RuntimeConfig['remotes'] {
  const loaded = { ...current };
  for (const [remote, lastGood] of fallenBack) {
    // Still the version that failed here: this page stays on its last good one, nothing new to offer.
    if (current[remote] === versions?.remotes[remote]) loaded[remote] = lastGood.manifest;
  }
  return loaded;
}

function stageOf(error: unknown): 'manifest' | 'entry' | 'module' {
  const text = String(error instanceof Error ? error.message : error);
  if (text.includes('RUNTIME-003')) return 'manifest';
  if (text.includes('RUNTIME-008')) return 'entry';
  return 'module';
}

/**
 * Records the failure and points `remote` at its last good version for the rest of this page view.
 * Undefined when there is none, or this page already fell back. The next load of the remote fetches
 * the last good version (the plugin loads it at once; RemoteMount forgets the failed load).
 */
export function switchToLastGood(remote: RemoteName, error: unknown): VersionRef | undefined {
  const from = servingVersion(remote);
  emitReleaseEvent({
    type: 'load-failure',
    remote,
    version: from,
    stage: stageOf(error),
    message: String(error instanceof Error ? error.message : error).slice(0, 500),
  });
  const lastGood = canFallBack(remote) ? versions?.fallbacks?.[remote] : undefined;
  if (!lastGood) return undefined;
  fallenBack.set(remote, lastGood);
  // The remote's chunks register on a global array named after it (`chunk_<federation name>`);
  // the last good version's runtime would adopt the failed version's chunks from it, same ids.
  delete (globalThis as Record<string, unknown>)[`chunk_${remoteFederationName(remote)}`];
  switchRemoteEntry(remote, lastGood.manifest);
  emitReleaseEvent({ type: 'fallback', remote, from, to: lastGood.version });
  return lastGood;
}

const remoteOfId = (id: string) =>
  REMOTE_NAMES.find((remote) => id.startsWith(`${remoteFederationName(remote)}/`));

/**
 * The runtime plugin: a remote's routes module that fails to load (`onLoad` is the lifecycle whose
 * returned module is used instead) is loaded again from the remote's last good version.
 */
export const lastGoodVersionPlugin: ModuleFederationRuntimePlugin = {
  name: 'ezy-last-good-version',
  errorLoadRemote: async ({ id, error, lifecycle, origin }) => {
    const remote = lifecycle === 'onLoad' ? remoteOfId(id) : undefined;
    if (!remote || !switchToLastGood(remote, error)) return undefined;
    // A failure here reaches this hook again, finds the fallback used, and is thrown to the caller.
    return origin.loadRemote(id);
  },
};
