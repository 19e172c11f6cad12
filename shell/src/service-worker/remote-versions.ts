/**
 * A remote version's files, read from its federation manifest (pure, so it is tested without a
 * worker). The worker caches all of them when it first sees the manifest, not only the files the
 * first screen happened to load, so every screen of that remote opens offline after one visit; and
 * it drops an older version's files once a newer one is cached.
 */

interface ManifestAssets {
  js?: { sync?: string[]; async?: string[] };
  css?: { sync?: string[]; async?: string[] };
}

/** The part of an mf-manifest.json this reads (Module Federation 2's manifest). */
export interface RemoteManifest {
  metaData?: {
    publicPath?: string;
    remoteEntry?: { name?: string; path?: string };
    /** The remote's worker scripts, files of their own that no chunk lists (rsbuild.base.ts). */
    workerScripts?: string[];
  };
  exposes?: { assets?: ManifestAssets }[];
  shared?: { assets?: ManifestAssets }[];
}

const listed = (assets: ManifestAssets | undefined) =>
  [assets?.js, assets?.css].flatMap((kind) => [...(kind?.sync ?? []), ...(kind?.async ?? [])]);

/**
 * Absolute URLs of every file the manifest lists (the remote entry, each exposed module's and each
 * shared module's scripts and styles, its worker scripts), resolved against its public path ('auto': the manifest's
 * own folder). A manifest of another shape gives none.
 */
export function remoteVersionFiles(manifestUrl: string, manifest: RemoteManifest): string[] {
  const publicPath = manifest.metaData?.publicPath;
  const base = new URL(publicPath && publicPath !== 'auto' ? publicPath : './', manifestUrl);
  const entry = manifest.metaData?.remoteEntry;
  const files = [
    ...(entry?.name ? [`${entry.path ? `${entry.path.replace(/\/$/, '')}/` : ''}${entry.name}`] : []),
    ...(manifest.exposes ?? []).flatMap((expose) => listed(expose.assets)),
    ...(manifest.shared ?? []).flatMap((shared) => listed(shared.assets)),
    ...(manifest.metaData?.workerScripts ?? []),
  ];
  return [...new Set(files.map((file) => new URL(file, base).href))];
}

/**
 * Cached URLs of other versions of the same remote: remotes are deployed as
 * `<remote folder>/<version>/…`, so a sibling folder of this manifest's is an older (or newer)
 * version of the same remote, no longer the one the registry names.
 */
export function otherVersionUrls(manifestUrl: string, cachedUrls: readonly string[]): string[] {
  const versionFolder = new URL('./', manifestUrl).href;
  const remoteFolder = new URL('../', manifestUrl).href;
  if (remoteFolder === versionFolder || new URL(remoteFolder).pathname === '/') return [];
  return cachedUrls.filter((url) => url.startsWith(remoteFolder) && !url.startsWith(versionFolder));
}

/** The part of an environment's registry.json this reads: each remote's versions and manifests. */
export interface RegistryVersions {
  remotes?: Record<
    string,
    Partial<Record<'lastGood' | 'staged', { version?: string; manifest?: string }>> & {
      version?: string;
      manifest?: string;
    }
  >;
}

/**
 * The version folders a registry names (`<remote folder>/<version>/`, resolved against the
 * registry's own URL): the current, staged and last good version of each remote. The deploy tool
 * never writes into such a folder again (docs/decisions/003-cdn-shape.md), so its manifest and
 * remote entry never change and the worker may answer them from its cache. A manifest a registry
 * names outside a folder of its version's name (a host that deploys in place) is not one.
 */
export function versionFolders(registryUrl: string, registry: RegistryVersions): string[] {
  const folders = Object.values(registry.remotes ?? {}).flatMap((release) =>
    [release, release.lastGood, release.staged].flatMap((ref) => {
      if (!ref?.version || !ref.manifest) return [];
      try {
        const folder = new URL('./', new URL(ref.manifest, registryUrl));
        const name = decodeURIComponent(folder.pathname.split('/').at(-2) ?? '');
        return name === ref.version ? [folder.href] : [];
      } catch {
        return [];
      }
    }),
  );
  return [...new Set(folders)];
}

/** Whether `url` lies in one of the immutable version folders (versionFolders). */
export const isInVersionFolder = (url: string, folders: readonly string[]) =>
  folders.some((folder) => url.startsWith(folder));
