/**
 * The type scale: every font size and weight in the apps' stylesheets is one of the tokens in
 * shared/ui/src/theme.css (`--font-size-*`, `--font-weight-*`), or a calculation from one. Each
 * size and weight a page uses is a font the browser looks up while it lays the page out, and on
 * Linux's Chromium each look-up is a round trip to the browser process (docs/performance.md,
 * "Fonts"); a size of its own is one more.
 *
 *   node --import tsx scripts/ci/type-scale.ts      print what is off the scale (nothing, or it exits 1)
 *
 * scripts/ci/type-scale.test.ts runs the same check over the repository and fails on any.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = join(dirname(fileURLToPath(import.meta.url)), '../..');

/** A size or weight declaration; a custom property such as `--font-size-s` is not one. */
const DECLARATION = /(?<![\w-])(font-size|font-weight|font)\s*:\s*([^;}]+)/g;
const ON_SCALE = {
  'font-size': /var\(--font-size-[a-z]+\)/,
  'font-weight': /^var\(--font-weight-[a-z]+\)$/,
  font: /^inherit$/,
};

/** Each declaration of a stylesheet whose size or weight is not the scale's, as `file:line …`. */
export function offScaleFonts(file: string, css: string): string[] {
  const found: string[] = [];
  for (const match of css.matchAll(DECLARATION)) {
    const property = match[1] as keyof typeof ON_SCALE;
    const value = match[2]!.trim();
    if (value === 'inherit' || ON_SCALE[property].test(value)) continue;
    const line = css.slice(0, match.index).split('\n').length;
    found.push(`${file}:${line} ${property}: ${value} is off the type scale in shared/ui/src/theme.css`);
  }
  return found;
}

function stylesheets(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : stylesheets(path);
    return entry.name.endsWith('.css') ? [path] : [];
  });
}

/** The apps' sources: the shared packages, the shell and each remote. */
function sourceDirs(repoDir: string): string[] {
  const packages = (parent: string) =>
    readdirSync(join(repoDir, parent), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => join(repoDir, parent, entry.name, 'src'));
  return [...packages('shared'), join(repoDir, 'shell/src'), ...packages('remotes')];
}

/** Every declaration off the scale in the repository's stylesheets. */
export function repositoryOffScaleFonts(repoDir = repo): string[] {
  return sourceDirs(repoDir)
    .flatMap(stylesheets)
    .flatMap((file) =>
      offScaleFonts(relative(repoDir, file).split('\\').join('/'), readFileSync(file, 'utf8')),
    );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const found = repositoryOffScaleFonts();
  for (const line of found) console.log(line);
  console.log(`${found.length} declaration(s) off the type scale`);
  process.exitCode = found.length === 0 ? 0 : 1;
}
