import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { manifestSignature } from './remote-manifest.rules';

export interface RemoteManifestWatch {
  /** A Module Federation runtime plugin that records each manifest the page actually loaded. */
  plugin: ModuleFederationRuntimePlugin;
  /** Compares each loaded remote with what is deployed now; a change calls onChange once. */
  check: () => Promise<void>;
}

export interface RemoteManifestWatchOptions {
  /** A remote (by federation name) was redeployed since this page loaded it. */
  onChange: (remote: string) => void;
  /** Each remote's current manifest URL (by federation name), read afresh from the registry. */
  currentManifests: () => Promise<Record<string, string>>;
  /** Reads a manifest past every HTTP cache; undefined when it cannot be read. */
  fetchManifest?: (manifestUrl: string) => Promise<unknown>;
}

async function fetchFresh(manifestUrl: string): Promise<unknown> {
  const response = await fetch(manifestUrl, { cache: 'no-cache' });
  return response.ok ? ((await response.json()) as unknown) : undefined;
}

/**
 * Detects a new deployment of a remote while the app is open (docs/decisions/009-offline-and-updates.md), periodically and when the
 * page becomes visible (start-app-update.ts). A deploy publishes a new version under a new path and
 * repoints the environment's registry, so a changed manifest URL is a new version; a host that
 * deploys in place keeps the URL, so the manifest itself is read again and compared. Only remotes
 * this page loaded are checked: a customer never fetches the rep remote's manifest.
 */
export function createRemoteManifestWatch({
  onChange,
  currentManifests,
  fetchManifest = fetchFresh,
}: RemoteManifestWatchOptions): RemoteManifestWatch {
  const loaded = new Map<string, { url: string; signature: string }>();
  /** The version last offered for each remote, so one deploy prompts once. */
  const offered = new Map<string, string>();

  async function deployedVersion(url: string, current: string | undefined): Promise<string | undefined> {
    if (current !== undefined && current !== url) return current;
    try {
      const manifest = await fetchManifest(url);
      return manifest === undefined ? undefined : `${url}#${manifestSignature(manifest)}`;
    } catch {
      return undefined; // Offline or the remote is down: nothing new to offer.
    }
  }

  return {
    plugin: {
      name: 'ezy-remote-manifest-watch',
      afterLoadManifest: (args) => {
        if (!args.manifestJson || args.error || args.cached) return;
        loaded.set(args.moduleInfo.name, {
          url: args.manifestUrl,
          signature: manifestSignature(args.manifestJson),
        });
      },
    },
    check: async () => {
      if (loaded.size === 0) return;
      let current: Record<string, string>;
      try {
        current = await currentManifests();
      } catch {
        return; // The registry cannot be read now: try again at the next check.
      }
      await Promise.all(
        [...loaded].map(async ([remote, { url, signature }]) => {
          const version = await deployedVersion(url, current[remote]);
          if (version === undefined || version === `${url}#${signature}`) return;
          if (offered.get(remote) === version) return;
          offered.set(remote, version);
          onChange(remote);
        }),
      );
    },
  };
}
