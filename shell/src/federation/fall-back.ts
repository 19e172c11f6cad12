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

/** What fall-back.ts reads of Module Federation's global state (the runtime's own shapes). */
interface FederationInstance {
  options: { name: string; shared: Record<string, { loaded?: boolean }[]> };
  shareScopeMap: Record<string, Record<string, Record<string, { loaded?: boolean }>>>;
}

/**
 * Forgets the failed version's federation runtime, which Module Federation's removeRemote leaves
 * behind when `registerRemote` forces the last good entry in: it looks the runtime up by the remote's
 * build id, and with one runtime core for the page (docs/decisions/004-one-federation-runtime.md)
 * every instance carries the shell's. The instance goes, and each shared module it offered that has
 * not loaded: the page has one share scope, keyed by package and version, where the last good
 * version's offer of the same version under the same name never replaces it, so the last good pages
 * would load it with the failed version's code, or wait on its failed load (dayjs, which the shell
 * does not offer, when the page opens straight into a customer screen).
 */
function forgetFailedRuntime(federationName: string): void {
  const federation = (globalThis as { __FEDERATION__?: { __INSTANCES__?: FederationInstance[] } })
    .__FEDERATION__;
  const instances = federation?.__INSTANCES__ ?? [];
  const failed = instances.find((instance) => instance.options.name === federationName);
  if (!failed) return; // its entry never ran
  instances.splice(instances.indexOf(failed), 1);
  const offered = new Set(Object.values(failed.options.shared).flat());
  for (const scope of Object.values(failed.shareScopeMap))
    for (const versions of Object.values(scope))
      for (const [version, shared] of Object.entries(versions))
        if (offered.has(shared) && !shared.loaded) delete versions[version];
}

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
  const federationName = remoteFederationName(remote);
  // The remote's chunks register on a global array named after it (`chunk_<federation name>`);
  // the last good version's runtime would adopt the failed version's chunks from it, same ids.
  delete (globalThis as Record<string, unknown>)[`chunk_${federationName}`];
  forgetFailedRuntime(federationName);
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
