/**
 * Builds the shell's service worker (docs/decisions/009-offline-and-updates.md) after the shell's own build, every time: Rsbuild's
 * clean step deletes dist/sw.js.
 *
 *   1. Bundle shell/src/service-worker/sw.ts (TypeScript + workbox modules) into one classic script
 *      with Rspack, the bundler the apps already use.
 *   2. workbox-build's injectManifest writes dist/sw.js with the precache manifest of dist/: the
 *      shell's HTML, JS, CSS, web app manifest and icons. Hashed files are cached by URL alone.
 *
 * Usage: node --import tsx scripts/build/build-sw.ts   (the shell's `npm run build` runs it)
 * SHELL_DIST_DIR builds for another output folder (the update e2e test builds a second version).
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack } from '@rspack/core';
import { injectManifest } from 'workbox-build';

const repo = join(dirname(fileURLToPath(import.meta.url)), '../..');
const shell = join(repo, 'shell');
const dist = resolve(shell, process.env.SHELL_DIST_DIR ?? 'dist');
const INJECTION_POINT = 'self.__WB_MANIFEST';

async function bundle(outDir: string): Promise<string> {
  const compiler = rspack({
    mode: 'production',
    target: ['webworker', 'es2022'],
    context: shell,
    entry: { sw: './src/service-worker/sw.ts' },
    output: { path: outDir, filename: '[name].js', iife: true, clean: true },
    resolve: { extensions: ['.ts', '.js'] },
    module: {
      rules: [
        {
          test: /\.ts$/,
          loader: 'builtin:swc-loader',
          options: { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' } },
          type: 'javascript/auto',
        },
      ],
    },
    // workbox's development logging is guarded by process.env.NODE_ENV; production mode drops it.
    optimization: { nodeEnv: 'production', minimize: true },
    devtool: false,
    performance: false,
  });
  await new Promise<void>((done, fail) => {
    compiler.run((error, stats) => {
      compiler.close(() => undefined);
      if (error) return fail(error);
      if (stats?.hasErrors()) return fail(new Error(stats.toString({ all: false, errors: true })));
      done();
    });
  });
  const file = join(outDir, 'sw.js');
  const source = await readFile(file, 'utf8');
  // The minifier must leave the injection point alone, or injectManifest has nothing to replace.
  if (!source.includes(INJECTION_POINT))
    throw new Error(`The bundled worker lost "${INJECTION_POINT}"; injectManifest cannot run.`);
  return file;
}

async function main() {
  const started = Date.now();
  const work = await mkdtemp(join(tmpdir(), 'ezy-sw-'));
  try {
    const swSrc = await bundle(work);
    const { count, size, warnings } = await injectManifest({
      swSrc,
      swDest: join(dist, 'sw.js'),
      globDirectory: dist,
      globPatterns: [
        'index.html',
        'static/**/*.{js,css,woff2,svg,png,webp}',
        'manifest.webmanifest',
        'icons/*',
      ],
      // Source maps, licences and Module Federation's own metadata are never requested by the page.
      globIgnores: ['**/*.map', '**/*.LICENSE.txt', 'mf-*.json', 'sw.js'],
      // Rsbuild puts a content hash in every static file name; index.html and the rest get a revision.
      dontCacheBustURLsMatching: /\.[0-9a-f]{8,}\./,
      injectionPoint: INJECTION_POINT,
    });
    for (const warning of warnings) console.warn(`build-sw: ${warning}`);
    console.log(
      `build-sw: ${join(dist, 'sw.js')} precaches ${count} files, ${(size / 1024).toFixed(1)} KiB ` +
        `(uncompressed) in ${Date.now() - started} ms`,
    );
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

await main();
