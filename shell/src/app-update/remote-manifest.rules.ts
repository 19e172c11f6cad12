/**
 * What identifies a deployed version of a remote in its mf-manifest.json: its build info, its entry,
 * and the (content-hashed) files of everything it exposes and shares. Two manifests with the same
 * signature load the same code.
 */
interface ManifestAssets {
  name?: unknown;
  version?: unknown;
  assets?: unknown;
}

interface FederationManifest {
  metaData?: { buildInfo?: unknown; remoteEntry?: unknown; publicPath?: unknown };
  exposes?: ManifestAssets[];
  shared?: ManifestAssets[];
}

export function manifestSignature(manifest: unknown): string {
  const { metaData, exposes, shared } = (manifest ?? {}) as FederationManifest;
  const list = (items: ManifestAssets[] | undefined) =>
    Array.isArray(items) ? items.map((item) => [item.name, item.version, item.assets]) : [];
  return JSON.stringify([
    metaData?.buildInfo,
    metaData?.remoteEntry,
    metaData?.publicPath,
    list(exposes),
    list(shared),
  ]);
}
