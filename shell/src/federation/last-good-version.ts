/**
 * The last good version of a remote, loaded for this page view when the version served fails
 * (docs/decisions/032-release-safety.md): its manifest, remote entry or routes module does not load
 * or throws while evaluating (Module Federation's errorLoadRemote hook, which uses a module it
 * returns at `onLoad` in place of the failed one), or its pages fail to load or render
 * (RemoteMount). Each remote falls back once per page view; the next page load tries the served
 * version again. What a fallback does is in fall-back.ts, downloaded only when something fails.
 *
 * Bundled into the shell's entry (early-loading.ts): only non-shared modules here.
 */
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import type { VersionRef } from '@promo/domain/environments/release-rules';
import type { RemoteName } from '@promo/domain/paths';
import type { RuntimeConfig } from '@promo/domain/remote-contract';

type Versions = Pick<RuntimeConfig, 'remotes' | 'versions' | 'fallbacks'>;

let versions: Versions | undefined;
/** The remotes this page view switched to their last good version. */
export const fallenBack = new Map<RemoteName, VersionRef>();

/** The versions this page is served (runtime-config.ts chose them for this device). */
export function configureVersions(config: Versions): void {
  versions = config;
}

/** The version of `remote` this page shows now: the one served, or its last good after a fallback. */
export function servingVersion(remote: RemoteName): string {
  return fallenBack.get(remote)?.version ?? versions?.versions?.[remote] ?? '';
}

/** The last good version a failure of `remote` can still fall back to in this page view. */
export const lastGoodOf = (remote: RemoteName) =>
  fallenBack.has(remote) ? undefined : versions?.fallbacks?.[remote];

/** The manifest URLs this page loads, as the update prompt compares them with the registry's. */
export const loadedManifests = async (current: RuntimeConfig['remotes']) =>
  fallenBack.size ? (await import('./fall-back')).loadedManifests(current, versions?.remotes) : current;

/** After `error` from `remote`, switches it to its last good version; false when it cannot. */
export const fallBack = (remote: RemoteName, error: unknown) =>
  import('./fall-back').then(
    ({ switchToLastGood }) => switchToLastGood(remote, error),
    () => false,
  );

/**
 * The runtime plugin: a remote's routes module that fails to load is loaded again from the remote's
 * last good version (`onLoad` is the lifecycle whose returned module is used in its place).
 */
export const lastGoodVersionPlugin: ModuleFederationRuntimePlugin = {
  name: 'ezy-last-good-version',
  errorLoadRemote: ({ id, error, lifecycle, origin }) =>
    lifecycle === 'onLoad'
      ? import('./fall-back').then(
          ({ recover }) => recover(id, error, origin),
          () => undefined,
        )
      : undefined,
};
