/**
 * `npm run bench:sources`: where each built chunk's bytes come from. Builds every app with source
 * maps (SOURCE_MAPS=1), then prints, per app, each JavaScript file's gzip size and the packages (or
 * workspace sources) its minified bytes map back to. The tool behind the levers in
 * docs/decisions/007-performance-figures.md: it found the federation runtime's CommonJS builds and react-router shipped whole.
 *
 *   npm run bench:sources                 build with source maps, then report
 *   npm run bench:sources -- --no-build   report on the current build (needs SOURCE_MAPS=1 builds)
 *   npm run bench:sources -- --files      attribute to source files instead of packages
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { eachMapping, TraceMap } from '@jridgewell/trace-mapping';

const repo = join(dirname(fileURLToPath(import.meta.url)), '../..');
const APPS = ['shell', 'remotes/public', 'remotes/customer', 'remotes/salesrep'];
const byFile = process.argv.includes('--files');

/** Minified bytes of `code` per original source (or package), from its source map. */
export function attribute(
  code: string,
  map: TraceMap,
  group: (source: string) => string,
): Map<string, number> {
  const lineStarts: number[] = [];
  let offset = 0;
  for (const line of code.split('\n')) {
    lineStarts.push(offset);
    offset += line.length + 1;
  }
  const segments: Array<[number, string]> = [];
  eachMapping(map, (m) => {
    segments.push([lineStarts[m.generatedLine - 1]! + m.generatedColumn, m.source ?? '(generated)']);
  });
  segments.sort((a, b) => a[0] - b[0]);
  const totals = new Map<string, number>();
  segments.forEach(([start, source], index) => {
    const end = segments[index + 1]?.[0] ?? code.length;
    const key = group(source);
    totals.set(key, (totals.get(key) ?? 0) + end - start);
  });
  return totals;
}

function packageOf(source: string): string {
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (inModules) return inModules[1]!;
  if (source.startsWith('webpack://')) return '(bundler runtime)';
  const workspace = /(shared\/[^/]+|shell|remotes\/[^/]+)\/src/.exec(source);
  return workspace ? workspace[1]! : source.slice(0, 60);
}

function jsFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.js'))
    .map((file) => join(dir, file));
}

function main() {
  if (!process.argv.includes('--no-build')) {
    const build = spawnSync('npm', ['run', 'build'], {
      cwd: repo,
      stdio: 'inherit',
      env: { ...process.env, SOURCE_MAPS: '1' },
    });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  for (const app of APPS) {
    const dist = join(repo, app, 'dist');
    const rows = jsFiles(dist)
      .map((file) => {
        const code = readFileSync(file, 'utf8');
        const gzip = gzipSync(code, { level: 9 }).length;
        if (!existsSync(`${file}.map`)) return { file, gzip, top: '(no source map)' };
        const map = new TraceMap(readFileSync(`${file}.map`, 'utf8'));
        const totals = attribute(
          code,
          map,
          byFile ? (source) => source.replace(/^(\.\.\/)+/, '') : packageOf,
        );
        const top = [...totals]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 3)
          .map(([name, bytes]) => `${name} ${Math.round((bytes / code.length) * 100)}%`)
          .join(', ');
        return { file, gzip, top };
      })
      .sort((a, b) => b.gzip - a.gzip);
    console.log(
      `\n${app}: ${rows.length} JS files, ${(rows.reduce((s, r) => s + r.gzip, 0) / 1024).toFixed(1)} KB gzip`,
    );
    for (const row of rows.slice(0, 25)) {
      console.log(
        `${(row.gzip / 1024).toFixed(1).padStart(7)} KB  ${relative(dist, row.file).padEnd(48)} ${row.top}`,
      );
    }
  }
}

main();
