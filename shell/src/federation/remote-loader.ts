import {
  loadRemote,
  registerPlugins,
  registerRemotes,
  type ModuleFederationRuntimePlugin,
} from '@module-federation/enhanced/runtime';
// Only non-shared modules (and types) here: the shell's entry uses this module before the shared
// modules are negotiated (early-loading.ts).
import { remoteFederationName, remoteRoutesModuleId, type RemoteName } from '@promo/domain/paths';
import type { RemoteRoutesModule, RuntimeConfig } from '@promo/domain/remote-contract';

class RemoteContractError extends Error {
  constructor(remote: RemoteName) {
    super(`The ${remote} remote does not expose the routes module the shell expects.`);
    this.name = 'RemoteContractError';
  }
}

let remoteManifests: RuntimeConfig['remotes'] | undefined;
/** The manifest each remote was registered with. */
const registered = new Map<RemoteName, string>();
const failed = new Set<RemoteName>();
const loaded = new Map<RemoteName, Promise<RemoteRoutesModule>>();

/** Where each remote's manifest lives, and runtime plugins (the update prompt's manifest watch). */
export function configureRemotes(
  remotes: RuntimeConfig['remotes'],
  plugins: ModuleFederationRuntimePlugin[] = [],
): void {
  remoteManifests = remotes;
  if (plugins.length > 0) registerPlugins(plugins);
}

/**
 * Registers a remote once. Only the remote a page needs is registered, so an audience never
 * downloads another's remote. After a failed load, or for another version (its last good one,
 * last-good-version.ts), `force` drops the registered entry so the next load fetches it afresh.
 */
export function registerRemote(remote: RemoteName, entry: string): void {
  if (registered.get(remote) === entry && !failed.has(remote)) return;
  registerRemotes([{ name: remoteFederationName(remote), entry }], { force: registered.has(remote) });
  registered.set(remote, entry);
  failed.delete(remote);
}

async function fetchRoutesModule(remote: RemoteName): Promise<RemoteRoutesModule> {
  // The entry registered last: the version served, or the last good one after a fallback.
  const entry = registered.get(remote) ?? remoteManifests?.[remote];
  if (!entry) throw new Error(`No manifest URL is configured for the ${remote} remote.`);
  registerRemote(remote, entry);
  try {
    const module = await loadRemote<RemoteRoutesModule>(remoteRoutesModuleId(remote));
    if (!module || typeof module.createRoutes !== 'function') throw new RemoteContractError(remote);
    return module;
  } catch (error) {
    failed.add(remote);
    throw error;
  }
}

/** The routes module of each remote once it has loaded: a render can take it without suspending. */
const ready = new Map<RemoteName, RemoteRoutesModule>();

/**
 * One load per remote. A failed load stays failed (React's `use` must see the same rejected promise
 * to hand the error to the boundary, or it would suspend on a fresh attempt forever) until
 * "Try again" forgets it.
 */
export function loadRemoteRoutes(remote: RemoteName): Promise<RemoteRoutesModule> {
  let pending = loaded.get(remote);
  if (!pending) {
    pending = fetchRoutesModule(remote);
    pending.then(
      (module) => ready.set(remote, module),
      () => undefined,
    );
    loaded.set(remote, pending);
  }
  return pending;
}

/**
 * The remote's routes module if it has loaded already (the bootstrap's preloadRoute loads it
 * before the first render), so RemoteMount renders it at once instead of suspending on `use`: a
 * suspension costs more than a microtask, React holds each reveal until 300 ms after the last
 * fallback showed.
 */
export function loadedRemoteRoutes(remote: RemoteName): RemoteRoutesModule | undefined {
  return ready.get(remote);
}

/** Drops a failed load so the next render fetches the remote afresh. */
export function forgetRemote(remote: RemoteName): void {
  loaded.delete(remote);
  ready.delete(remote);
}
