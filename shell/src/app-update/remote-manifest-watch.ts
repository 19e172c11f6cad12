import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

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

/** A remote this page loaded: its manifest's URL and the manifest as loaded, as JSON text (the runtime keeps its own copy, which it may change). */
export interface LoadedRemote {
  url: string;
  manifest: string;
}

/**
 * Detects a new deployment of a remote while the app is open (docs/decisions/009-offline-and-updates.md), periodically and when the
 * page becomes visible (start-app-update.ts). Only remotes this page loaded are checked: a customer
 * never fetches the rep remote's manifest. The entry holds only the plugin that records them; the
 * check itself (remote-manifest-check.ts) is downloaded when it first runs, after the first screen.
 */
export function createRemoteManifestWatch(options: RemoteManifestWatchOptions): RemoteManifestWatch {
  const loaded = new Map<string, LoadedRemote>();
  /** The version last offered for each remote, so one deploy prompts once. */
  const offered = new Map<string, string>();
  return {
    plugin: {
      name: 'ezy-remote-manifest-watch',
      afterLoadManifest: (args) => {
        if (!args.manifestJson || args.error || args.cached) return;
        loaded.set(args.moduleInfo.name, {
          url: args.manifestUrl,
          manifest: JSON.stringify(args.manifestJson),
        });
      },
    },
    check: async () => {
      if (loaded.size === 0) return;
      const { checkLoadedRemotes } = await import('./remote-manifest-check');
      await checkLoadedRemotes(loaded, offered, options);
    },
  };
}
