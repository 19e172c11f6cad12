import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { precompressDirectory, shouldPrecompress } from './precompress';

describe('precompression', () => {
  it('takes text assets of 1 KB or more, never source maps, images or fonts', () => {
    expect(shouldPrecompress('static/js/index.1234abcd.js', 30_000)).toBe(true);
    expect(shouldPrecompress('index.html', 1024)).toBe(true);
    expect(shouldPrecompress('mf-manifest.json', 900)).toBe(false);
    expect(shouldPrecompress('static/js/index.1234abcd.js.map', 90_000)).toBe(false);
    expect(shouldPrecompress('icons/icon-512.png', 20_000)).toBe(false);
    expect(shouldPrecompress('static/font/a.woff2', 20_000)).toBe(false);
  });

  it('writes gzip and brotli copies that decode to the file, beside it, in subfolders too', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'precompress-'));
    try {
      mkdirSync(join(dir, 'static/js'), { recursive: true });
      const code = 'export const answer = () => 42;\n'.repeat(200);
      writeFileSync(join(dir, 'static/js/a.js'), code);
      writeFileSync(join(dir, 'tiny.js'), 'x');
      expect(await precompressDirectory(dir)).toBe(1);
      const gz = readFileSync(join(dir, 'static/js/a.js.gz'));
      const br = readFileSync(join(dir, 'static/js/a.js.br'));
      expect(gunzipSync(gz).toString()).toBe(code);
      expect(brotliDecompressSync(br).toString()).toBe(code);
      expect(gz.length).toBeLessThan(code.length / 10);
      expect(readdirSync(dir).sort()).toEqual(['static', 'tiny.js']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
