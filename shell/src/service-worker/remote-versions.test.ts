import { describe, expect, it } from 'vitest';
import { isInVersionFolder, otherVersionUrls, remoteVersionFiles, versionFolders } from './remote-versions';

const MANIFEST = 'https://cdn.example.nz/customer/1.2.0-abc/mf-manifest.json';

describe('remoteVersionFiles', () => {
  it("lists the entry, every exposed and shared module's scripts and styles and the worker scripts, once each", () => {
    const files = remoteVersionFiles(MANIFEST, {
      metaData: {
        publicPath: 'auto',
        remoteEntry: { name: 'remoteEntry.js', path: '' },
        workerScripts: ['static/js/spend-chart.worker.5e5e5e5e5e.js'],
      },
      exposes: [
        {
          assets: {
            js: {
              sync: ['static/js/async/routes.1a2b3c4d5e.js'],
              async: ['static/js/async/chart.0f0f0f0f0f.js'],
            },
            css: { sync: [], async: ['static/css/async/chart.9a9a9a9a9a.css'] },
          },
        },
      ],
      shared: [{ assets: { js: { sync: ['static/js/async/chart.0f0f0f0f0f.js'], async: [] } } }],
    });
    expect(files).toEqual([
      'https://cdn.example.nz/customer/1.2.0-abc/remoteEntry.js',
      'https://cdn.example.nz/customer/1.2.0-abc/static/js/async/routes.1a2b3c4d5e.js',
      'https://cdn.example.nz/customer/1.2.0-abc/static/js/async/chart.0f0f0f0f0f.js',
      'https://cdn.example.nz/customer/1.2.0-abc/static/css/async/chart.9a9a9a9a9a.css',
      'https://cdn.example.nz/customer/1.2.0-abc/static/js/spend-chart.worker.5e5e5e5e5e.js',
    ]);
  });

  it('resolves against an absolute public path', () => {
    expect(
      remoteVersionFiles(MANIFEST, {
        metaData: {
          publicPath: 'https://files.example.nz/c/',
          remoteEntry: { name: 'remoteEntry.js', path: 'entry' },
        },
      }),
    ).toEqual(['https://files.example.nz/c/entry/remoteEntry.js']);
  });

  it('gives nothing for a manifest of another shape', () => {
    expect(remoteVersionFiles(MANIFEST, {})).toEqual([]);
  });
});

describe('otherVersionUrls', () => {
  it("finds the cached files of the same remote's other versions only", () => {
    const cached = [
      'https://cdn.example.nz/customer/1.2.0-abc/static/js/async/a.1111111111.js',
      'https://cdn.example.nz/customer/1.1.0-old/static/js/async/a.2222222222.js',
      'https://cdn.example.nz/customer/1.1.0-old/mf-manifest.json',
      'https://cdn.example.nz/salesrep/1.1.0-old/static/js/async/b.3333333333.js',
      'https://cdn.example.nz/registry.json',
    ];
    expect(otherVersionUrls(MANIFEST, cached)).toEqual([
      'https://cdn.example.nz/customer/1.1.0-old/static/js/async/a.2222222222.js',
      'https://cdn.example.nz/customer/1.1.0-old/mf-manifest.json',
    ]);
  });

  it('drops nothing for a remote served from the root of its origin', () => {
    expect(
      otherVersionUrls('https://customer.example.nz/mf-manifest.json', [
        'https://customer.example.nz/a.1111111111.js',
      ]),
    ).toEqual([]);
    expect(
      otherVersionUrls('https://customer.example.nz/v2/mf-manifest.json', [
        'https://customer.example.nz/v1/a.1111111111.js',
      ]),
    ).toEqual([]);
  });
});

describe('versionFolders', () => {
  const registryUrl = 'https://cdn.example.nz/registry.json';

  it("names the current, staged and last good versions' folders, resolved against the registry", () => {
    const folders = versionFolders(registryUrl, {
      remotes: {
        customer: {
          version: '1.2.0-abc',
          manifest: 'https://cdn.example.nz/customer/1.2.0-abc/mf-manifest.json',
          lastGood: { version: '1.1.0', manifest: 'customer/1.1.0/mf-manifest.json' },
          staged: {
            version: '1.3.0+b.7',
            manifest: 'https://cdn.example.nz/customer/1.3.0+b.7/mf-manifest.json',
          },
        },
      },
    });
    expect(folders).toEqual([
      'https://cdn.example.nz/customer/1.2.0-abc/',
      'https://cdn.example.nz/customer/1.1.0/',
      'https://cdn.example.nz/customer/1.3.0+b.7/',
    ]);
    expect(isInVersionFolder('https://cdn.example.nz/customer/1.1.0/remoteEntry.js', folders)).toBe(true);
    expect(isInVersionFolder('https://cdn.example.nz/customer/1.0.0/remoteEntry.js', folders)).toBe(false);
  });

  it('leaves out a manifest deployed in place, outside a folder named for its version', () => {
    expect(
      versionFolders(registryUrl, {
        remotes: {
          customer: { version: '2.0.0', manifest: 'https://cdn.example.nz/customer/mf-manifest.json' },
          salesrep: {
            version: '1.0.0',
            manifest: 'https://cdn.example.nz/salesrep/1.0.0-rc/mf-manifest.json',
          },
        },
      }),
    ).toEqual([]);
  });

  it('gives nothing for a registry of another shape', () => {
    expect(versionFolders(registryUrl, {})).toEqual([]);
    expect(
      versionFolders(registryUrl, { remotes: { customer: { version: '1.0.0', manifest: 'http://[bad' } } }),
    ).toEqual([]);
  });
});
