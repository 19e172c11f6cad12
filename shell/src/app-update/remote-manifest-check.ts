import type { LoadedRemote, RemoteManifestWatchOptions } from './remote-manifest-watch';
import { manifestSignature } from './remote-manifest.rules';

async function fetchFresh(manifestUrl: string): Promise<unknown> {
  const response = await fetch(manifestUrl, { cache: 'no-cache' });
  return response.ok ? ((await response.json()) as unknown) : undefined;
}

/**
 * Compares each remote this page loaded with what is deployed now (remote-manifest-watch.ts), and
 * calls `onChange` once per new version. A deploy publishes a new version under a new path and
 * repoints the environment's registry, so a changed manifest URL is a new version; a host that
 * deploys in place keeps the URL, so the manifest itself is read again and compared.
 */
export async function checkLoadedRemotes(
  loaded: ReadonlyMap<string, LoadedRemote>,
  offered: Map<string, string>,
  { onChange, currentManifests, fetchManifest = fetchFresh }: RemoteManifestWatchOptions,
): Promise<void> {
  const deployedVersion = async (url: string, current: string | undefined): Promise<string | undefined> => {
    if (current !== undefined && current !== url) return current;
    try {
      const manifest = await fetchManifest(url);
      return manifest === undefined ? undefined : `${url}#${manifestSignature(manifest)}`;
    } catch {
      return undefined; // Offline or the remote is down: nothing new to offer.
    }
  };
  let current: Record<string, string>;
  try {
    current = await currentManifests();
  } catch {
    return; // The registry cannot be read now: try again at the next check.
  }
  await Promise.all(
    [...loaded].map(async ([remote, { url, manifest }]) => {
      const version = await deployedVersion(url, current[remote]);
      if (version === undefined || version === `${url}#${manifestSignature(JSON.parse(manifest))}`) return;
      if (offered.get(remote) === version) return;
      offered.set(remote, version);
      onChange(remote);
    }),
  );
}
