/**
 * The folder floors inside each package (docs/decisions/037-import-floors.md): no two top-level
 * folders of one package's source import each other both ways. For each package's source root and
 * each top-level folder in it, this collects the folders its files import from, through relative
 * specifiers and the package's own name (`@promo/ui/...` inside shared/ui), and lists the pairs that
 * import each other. Files directly in the root count as one folder, `(root)`.
 *
 *   npm run check:floors                       print each package's two-way pairs and the imports behind them
 *   npm run check:floors -- --with-tests       the same with the tests' imports counted
 *   npm run check:floors -- --repo <dir>       measure another checkout (a copy of an earlier commit)
 *
 * scripts/import-floors.test.ts runs the same measurement over the repository and fails on any pair.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import ts from 'typescript';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..');

export interface SourceRoot {
  /** The package folder, holding its package.json (relative to the repository). */
  packageDir: string;
  /** The folder whose top-level folders are the floors (relative to the repository). */
  srcDir: string;
}

/** Every package's source: the apps', the shared packages', the server's, the scripts and the e2e specs. */
export const SOURCE_ROOTS: readonly SourceRoot[] = [
  { packageDir: 'shell', srcDir: 'shell/src' },
  { packageDir: 'remotes/public', srcDir: 'remotes/public/src' },
  { packageDir: 'remotes/customer', srcDir: 'remotes/customer/src' },
  { packageDir: 'remotes/salesrep', srcDir: 'remotes/salesrep/src' },
  { packageDir: 'shared/promo-domain', srcDir: 'shared/promo-domain/src' },
  { packageDir: 'shared/ui', srcDir: 'shared/ui/src' },
  { packageDir: 'server', srcDir: 'server/src' },
  { packageDir: '.', srcDir: 'scripts' },
  { packageDir: 'e2e', srcDir: 'e2e' },
];

const SOURCE_FILE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'test-results', 'playwright-report', '@mf-types']);
export const ROOT_FOLDER = '(root)';
const TEST_FILE = /\.test\.(ts|tsx)$/;

export interface ImportEdge {
  from: string;
  to: string;
  /** The importing file, relative to the repository. */
  file: string;
  specifier: string;
}

export interface TwoWayPair {
  /** The two folders, in name order. */
  folders: [string, string];
  /** The imports that go from the first folder to the second, then the other way. */
  forth: ImportEdge[];
  back: ImportEdge[];
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED_FOLDERS.has(entry.name) ? [] : sourceFiles(path);
    return SOURCE_FILE.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

interface PackageJson {
  name?: string;
  exports?: Record<string, string>;
}

/** The file a `<package name>/<subpath>` import reaches through the package's `exports`, if any. */
function throughExports(packageDir: string, pkg: PackageJson, subpath: string): string | undefined {
  for (const [key, target] of Object.entries(pkg.exports ?? {})) {
    const pattern = key.replace(/^\.\/?/, '');
    if (!pattern.includes('*')) {
      if (pattern === subpath) return join(packageDir, target);
      continue;
    }
    const [head = '', tail = ''] = pattern.split('*');
    if (subpath.startsWith(head) && subpath.endsWith(tail) && subpath.length >= head.length + tail.length) {
      const star = subpath.slice(head.length, subpath.length - tail.length);
      return join(packageDir, target.replace('*', star));
    }
  }
  return undefined;
}

/** The top-level folder of `file` under `srcDir`, or undefined when the file lies outside it. */
function floorOf(srcDir: string, file: string): string | undefined {
  const path = relative(srcDir, file);
  if (path === '' || path.startsWith('..') || resolve(srcDir, path) !== resolve(file)) return undefined;
  const parts = path.split(sep);
  return parts.length === 1 ? ROOT_FOLDER : parts[0];
}

/**
 * The folder-to-folder imports of one source root. Tests are left out unless asked for: nothing
 * imports a test, so a test's imports never close a loop between modules.
 */
export function folderImports(root: SourceRoot, repoDir = repo, { withTests = false } = {}): ImportEdge[] {
  const packageDir = join(repoDir, root.packageDir);
  const srcDir = join(repoDir, root.srcDir);
  const pkg = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as PackageJson;
  const selfPrefix = pkg.name ? `${pkg.name}/` : undefined;
  const edges: ImportEdge[] = [];
  for (const file of sourceFiles(srcDir)) {
    const from = floorOf(srcDir, file);
    if (!from || (!withTests && TEST_FILE.test(file))) continue;
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const { fileName: specifier } of importedFiles) {
      let target: string | undefined;
      if (specifier.startsWith('.')) target = resolve(dirname(file), specifier);
      else if (selfPrefix && specifier.startsWith(selfPrefix))
        target = throughExports(packageDir, pkg, specifier.slice(selfPrefix.length));
      const to = target && floorOf(srcDir, target);
      if (to && to !== from) edges.push({ from, to, file: relative(repoDir, file), specifier });
    }
  }
  return edges;
}

/** The pairs of folders in one source root that import each other both ways. */
export function twoWayPairs(edges: readonly ImportEdge[]): TwoWayPair[] {
  const between = (from: string, to: string) => edges.filter((edge) => edge.from === from && edge.to === to);
  const pairs = new Map<string, TwoWayPair>();
  for (const { from, to } of edges) {
    const [a, b] = [from, to].sort() as [string, string];
    const key = `${a}\n${b}`;
    if (pairs.has(key)) continue;
    const forth = between(a, b);
    const back = between(b, a);
    if (forth.length > 0 && back.length > 0) pairs.set(key, { folders: [a, b], forth, back });
  }
  return [...pairs.values()].sort((x, y) => x.folders.join('/').localeCompare(y.folders.join('/')));
}

/** Every source root's two-way pairs, keyed by the root's folder. */
export function repositoryTwoWayPairs(repoDir = repo, options: { withTests?: boolean } = {}) {
  return new Map(
    SOURCE_ROOTS.map((root) => [root.srcDir, twoWayPairs(folderImports(root, repoDir, options))]),
  );
}

function main() {
  const { values } = parseArgs({
    options: { 'with-tests': { type: 'boolean', default: false }, repo: { type: 'string', default: repo } },
  });
  let total = 0;
  for (const [srcDir, pairs] of repositoryTwoWayPairs(resolve(values.repo), {
    withTests: values['with-tests'],
  })) {
    total += pairs.length;
    console.log(`${srcDir}: ${pairs.length} two-way pair${pairs.length === 1 ? '' : 's'}`);
    for (const { folders, forth, back } of pairs) {
      console.log(`  ${folders[0]} <-> ${folders[1]}`);
      for (const edge of [...forth, ...back]) console.log(`    ${edge.file} -> ${edge.specifier}`);
    }
  }
  console.log(`total: ${total}`);
  process.exitCode = total === 0 ? 0 : 1;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
