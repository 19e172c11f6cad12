import { describe, expect, it } from 'vitest';
import { manifestSignature } from './remote-manifest.rules';

const manifest = (overrides: { version?: string; exposeJs?: string[]; sharedJs?: string[] } = {}) => ({
  id: 'ezy_customer',
  name: 'ezy_customer',
  metaData: {
    name: 'ezy_customer',
    buildInfo: { buildVersion: overrides.version ?? '0.1.0', buildName: '@promo/remote-customer' },
    publicPath: 'auto',
    remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
  },
  shared: [
    {
      id: 'ezy_customer:react',
      name: 'react',
      version: '19.3.1',
      assets: { js: { sync: overrides.sharedJs ?? ['static/js/async/r.1234567890.js'], async: [] } },
    },
  ],
  exposes: [
    {
      id: 'ezy_customer:routes',
      name: 'routes',
      path: './routes',
      assets: { js: { sync: overrides.exposeJs ?? ['static/js/async/routes.abcdef0123.js'], async: [] } },
    },
  ],
});

describe('manifestSignature', () => {
  it('is the same for the same deployment', () => {
    expect(manifestSignature(manifest())).toBe(manifestSignature(manifest()));
  });

  it('changes when an exposed module was rebuilt', () => {
    expect(manifestSignature(manifest({ exposeJs: ['static/js/async/routes.ffffff0123.js'] }))).not.toBe(
      manifestSignature(manifest()),
    );
  });

  it('changes when a shared package changed', () => {
    expect(manifestSignature(manifest({ sharedJs: ['static/js/async/r.0000000000.js'] }))).not.toBe(
      manifestSignature(manifest()),
    );
  });

  it('changes when the build version changed', () => {
    expect(manifestSignature(manifest({ version: '0.2.0' }))).not.toBe(manifestSignature(manifest()));
  });

  it('tolerates a manifest without the expected fields', () => {
    expect(manifestSignature(undefined)).toBe(manifestSignature({}));
  });
});
