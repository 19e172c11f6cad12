import {
  loadRemote,
  registerPlugins,
  registerRemotes,
  type ModuleFederationRuntimePlugin,
} from '@module-federation/enhanced/runtime';
import type { RemoteName } from '@promo/domain/paths';
import {
  remoteFederationName,
  remoteRoutesModuleId,
  type RemoteRoutesModule,
  type RuntimeConfig,
} from '@promo/domain/remote-contract';

export class RemoteContractError extends Error {
  constructor(remote: RemoteName) {
    super(`The ${remote} remote does not expose the routes module the shell expects.`);
    this.name = 'RemoteContractError';
  }
}

let remoteManifests: RuntimeConfig['remotes'] | undefined;
const registered = new Set<RemoteName>();
const loaded = new Map<RemoteName, Promise<RemoteRoutesModule>>();

/** Where each remote's manifest lives, and runtime plugins (the update prompt's manifest watch). */
export function configureRemotes(
  remotes: RuntimeConfig['remotes'],
  plugins: ModuleFederationRuntimePlugin[] = [],
): void {
  remoteManifests = remotes;
  if (plugins.length > 0) registerPlugins(plugins);
}

async function fetchRoutesModule(remote: RemoteName): Promise<RemoteRoutesModule> {
  const entry = remoteManifests?.[remote];
  if (!entry) throw new Error(`No manifest URL is configured for the ${remote} remote.`);
  // Only the remote this page needs is registered, so an audience never downloads another's remote.
  // A second registration follows a failure: `force` drops the failed entry so a retry fetches it afresh.
  registerRemotes([{ name: remoteFederationName(remote), entry }], { force: registered.has(remote) });
  registered.add(remote);
  const module = await loadRemote<RemoteRoutesModule>(remoteRoutesModuleId(remote));
  if (!module || typeof module.createRoutes !== 'function') throw new RemoteContractError(remote);
  return module;
}

/**
 * One load per remote. A failed load stays failed (React's `use` must see the same rejected promise
 * to hand the error to the boundary, or it would suspend on a fresh attempt forever) until
 * "Try again" forgets it.
 */
export function loadRemoteRoutes(remote: RemoteName): Promise<RemoteRoutesModule> {
  let pending = loaded.get(remote);
  if (!pending) {
    pending = fetchRoutesModule(remote);
    loaded.set(remote, pending);
  }
  return pending;
}

/** Drops a failed load so the next render fetches the remote afresh. */
export function forgetRemote(remote: RemoteName): void {
  loaded.delete(remote);
}
