import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRsbuild } from '@rsbuild/core';
import { describe, expect, it } from 'vitest';
import { pluginStartupPreload, startupPreloads } from './startup-preload';

describe('startup preloads', () => {
  it('names each script and stylesheet of the entry children once, under the asset prefix', () => {
    expect(
      startupPreloads(
        [
          ['static/css/async/boot.css', 'static/js/async/boot.js'],
          ['static/js/async/react-dom.js', 'static/js/async/boot.js'],
          ['static/image/logo.svg', 'static/js/async/react-dom.js.map'],
        ],
        [],
        '/',
      ),
    ).toEqual([
      { href: '/static/css/async/boot.css', as: 'style' },
      { href: '/static/js/async/boot.js', as: 'script' },
      { href: '/static/js/async/react-dom.js', as: 'script' },
    ]);
  });

  it('leaves out what the page loads already and joins a prefix without a trailing slash', () => {
    expect(
      startupPreloads(
        [['static/js/index.js', 'static/js/async/a.js']],
        ['static/js/index.js'],
        'https://cdn.example.nz',
      ),
    ).toEqual([{ href: 'https://cdn.example.nz/static/js/async/a.js', as: 'script' }]);
  });

  it('in a real build, preloads what the entry imports on start but not what those chunks load later', async () => {
    const root = mkdtempSync(join(tmpdir(), 'startup-preload-'));
    try {
      writeFileSync(join(root, 'index.js'), "import('./startup').then((m) => m.start());\n");
      writeFileSync(
        join(root, 'startup.js'),
        "export function start() { document.body.dataset.started = 'startup-module'; return import('./later'); }\n",
      );
      writeFileSync(join(root, 'later.js'), "document.body.dataset.later = 'later-module';\n");
      const rsbuild = await createRsbuild({
        cwd: root,
        rsbuildConfig: {
          plugins: [pluginStartupPreload()],
          source: { entry: { index: './index.js' } },
          output: { assetPrefix: '/', filenameHash: false, minify: false },
          performance: { chunkSplit: { strategy: 'all-in-one' } },
          logLevel: 'silent',
        },
      });
      await rsbuild.build();
      const html = readFileSync(join(root, 'dist/index.html'), 'utf8');
      const preloaded = [...html.matchAll(/<link rel="preload" as="script" href="([^"]+)">/g)].map((match) =>
        readFileSync(join(root, 'dist', match[1] ?? ''), 'utf8'),
      );
      expect(preloaded).toHaveLength(1);
      expect(preloaded[0]).toContain('startup-module');
      expect(preloaded[0]).not.toContain('later-module');
      // The entry itself is fetched ahead of the preloads.
      expect(html).toMatch(/<script defer src="\/static\/js\/index\.js" fetchpriority="high"><\/script>/);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  }, 30_000);
});
