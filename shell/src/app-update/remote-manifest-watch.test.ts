import { describe, expect, it, vi } from 'vitest';
import { createRemoteManifestWatch } from './remote-manifest-watch';

const V1 = 'http://localhost:8082/customer/0.1.0-aaaaaaaaaa/mf-manifest.json';
const V2 = 'http://localhost:8082/customer/0.1.0-bbbbbbbbbb/mf-manifest.json';
const manifest = (buildVersion: string) => ({
  metaData: { buildInfo: { buildVersion } },
  exposes: [],
  shared: [],
});

/** What the Module Federation runtime hands the plugin after it fetched a manifest. */
function loadedBy(
  watch: ReturnType<typeof createRemoteManifestWatch>,
  manifestUrl: string,
  manifestJson: unknown,
) {
  const afterLoadManifest = watch.plugin.afterLoadManifest as (args: unknown) => void;
  return afterLoadManifest({ manifestUrl, manifestJson, moduleInfo: { name: 'ezy_customer' }, origin: {} });
}

describe('createRemoteManifestWatch', () => {
  it('reports nothing while the registry points to the version the page loaded', async () => {
    const onChange = vi.fn();
    const watch = createRemoteManifestWatch({
      onChange,
      currentManifests: () => Promise.resolve({ ezy_customer: V1 }),
      fetchManifest: () => Promise.resolve(manifest('1')),
    });
    loadedBy(watch, V1, manifest('1'));
    await watch.check();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('reports a remote whose registry entry moved to a new version, once', async () => {
    const onChange = vi.fn();
    const watch = createRemoteManifestWatch({
      onChange,
      currentManifests: () => Promise.resolve({ ezy_customer: V2 }),
      fetchManifest: () => Promise.resolve(manifest('1')),
    });
    loadedBy(watch, V1, manifest('1'));
    await watch.check();
    await watch.check();
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith('ezy_customer');
  });

  it('reports a remote redeployed in place (same URL, different manifest)', async () => {
    const onChange = vi.fn();
    let deployed = manifest('2');
    const watch = createRemoteManifestWatch({
      onChange,
      currentManifests: () => Promise.resolve({ ezy_customer: V1 }),
      fetchManifest: () => Promise.resolve(deployed),
    });
    loadedBy(watch, V1, manifest('1'));
    await watch.check();
    expect(onChange).toHaveBeenCalledTimes(1);
    deployed = manifest('3');
    await watch.check();
    expect(onChange).toHaveBeenCalledTimes(2);
  });

  it('checks nothing before a remote was loaded', async () => {
    const currentManifests = vi.fn(() => Promise.resolve({ ezy_customer: V2 }));
    const watch = createRemoteManifestWatch({ onChange: vi.fn(), currentManifests });
    await watch.check();
    expect(currentManifests).not.toHaveBeenCalled();
  });

  it('stays quiet when the registry or the manifest cannot be read (offline)', async () => {
    const onChange = vi.fn();
    const offline = () => Promise.reject(new TypeError('Failed to fetch'));
    const watch = createRemoteManifestWatch({ onChange, currentManifests: offline, fetchManifest: offline });
    loadedBy(watch, V1, manifest('1'));
    await expect(watch.check()).resolves.toBeUndefined();
    const sameRegistry = createRemoteManifestWatch({
      onChange,
      currentManifests: () => Promise.resolve({ ezy_customer: V1 }),
      fetchManifest: offline,
    });
    loadedBy(sameRegistry, V1, manifest('1'));
    await sameRegistry.check();
    expect(onChange).not.toHaveBeenCalled();
  });
});
