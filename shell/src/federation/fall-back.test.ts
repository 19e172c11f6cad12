import { createInstance, type ModuleFederation } from '@module-federation/enhanced/runtime';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('./remote-loader', () => ({ registerRemote: vi.fn() }));

const DAYJS = '1.11.23';
const REACT = '19.3.1';
// As rsbuild.base.ts shares them: a singleton, with no range for the runtime to check.
const singleton = { singleton: true, requiredVersion: false } as const;

type Federation = { __INSTANCES__: ModuleFederation[]; __SHARE__: Record<string, unknown> };
const federation = () => (globalThis as unknown as { __FEDERATION__: Federation }).__FEDERATION__;
const created: ModuleFederation[] = [];

/** A federation instance on the page's one runtime, as the shell's entry or a remote entry makes one. */
function instance(...args: Parameters<typeof createInstance>): ModuleFederation {
  const made = createInstance(...args);
  created.push(made);
  return made;
}

/** What a remote entry's `init` does with the shell's share scope: joins it and offers its own. */
async function initRemote(remote: ModuleFederation, shell: ModuleFederation): Promise<void> {
  remote.sharedHandler.initShareScopeMap('default', shell.shareScopeMap.default!);
  await Promise.all(remote.initializeSharing('default', { from: 'build', strategy: 'loaded-first' }));
}

afterEach(() => {
  // The test project shares globals between files: the runtime's instances and share scopes go.
  const { __INSTANCES__: instances, __SHARE__: shares } = federation();
  for (const made of created.splice(0)) {
    if (instances.includes(made)) instances.splice(instances.indexOf(made), 1);
    delete shares[made.options.id!];
  }
});

describe('switchToLastGood', () => {
  it("lets the last good version load the shared modules the failed version's runtime could not", async () => {
    vi.resetModules();
    const { configureVersions } = await import('./last-good-version');
    const { switchToLastGood } = await import('./fall-back');
    configureVersions({
      remotes: { public: 'p', salesrep: 's', customer: 'http://cdn.test/customer/9.9.9/mf-manifest.json' },
      versions: { public: '1', salesrep: '1', customer: '9.9.9' },
      fallbacks: {
        customer: { version: '1.0.0', manifest: 'http://cdn.test/customer/1.0.0/mf-manifest.json' },
      },
    });

    // The shell offers React, loaded; dayjs only the customer remote offers.
    const shell = instance({
      name: 'shell',
      remotes: [],
      shared: { react: { version: REACT, lib: () => 'the shell’s React', shareConfig: singleton } },
    });
    await Promise.all(shell.initializeSharing('default'));
    // A page opened straight into a customer screen: the broken version is the first to need
    // dayjs, and its chunk throws.
    const chunkError = new Error('Loading chunk mg failed.');
    const failed = instance({
      name: 'ezy_customer',
      remotes: [],
      shareStrategy: 'loaded-first',
      shared: {
        react: { version: REACT, get: () => Promise.reject(chunkError), shareConfig: singleton },
        dayjs: { version: DAYJS, get: () => Promise.reject(chunkError), shareConfig: singleton },
      },
    });
    await initRemote(failed, shell);
    await expect(failed.loadShare('dayjs')).rejects.toBe(chunkError);

    expect(switchToLastGood('customer', new Error('Loading chunk 3 failed.'))).toBe(true);

    // The last good version's entry, loaded next, offers the same versions under the same name.
    const lastGood = instance({
      name: 'ezy_customer',
      remotes: [],
      shareStrategy: 'loaded-first',
      shared: {
        react: {
          version: REACT,
          get: () => Promise.resolve(() => 'a second React'),
          shareConfig: singleton,
        },
        dayjs: {
          version: DAYJS,
          get: () => Promise.resolve(() => 'dayjs of 1.0.0'),
          shareConfig: singleton,
        },
      },
    });
    await initRemote(lastGood, shell);
    const dayjs = (await lastGood.loadShare('dayjs')) as () => unknown;
    expect(dayjs()).toBe('dayjs of 1.0.0');
    // What had loaded stays: one React for the page.
    const react = (await lastGood.loadShare('react')) as () => unknown;
    expect(react()).toBe('the shell’s React');
    expect(federation().__INSTANCES__).not.toContain(failed);
  });
});
