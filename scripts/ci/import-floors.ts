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
 * It also lists the files of a package that import one another back statically (file import
 * cycles) and a remote's features that import another feature.
 *
 * scripts/ci/import-floors.test.ts runs the same measurements over the repository and fails on any.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import ts from 'typescript';

const repo = join(dirname(fileURLToPath(import.meta.url)), '../..');

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
  // As Node resolves them: an exact subpath before any pattern.
  const entries = Object.entries(pkg.exports ?? {}).sort(
    ([a], [b]) => Number(a.includes('*')) - Number(b.includes('*')),
  );
  for (const [key, target] of entries) {
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

/** The file an import reaches: the path as written, or with a source extension, or its folder's index. */
function sourceFileAt(target: string, files: ReadonlySet<string>): string | undefined {
  const candidates = [target, ...['.ts', '.tsx', '/index.ts', '/index.tsx'].map((ending) => target + ending)];
  return candidates.find((candidate) => files.has(candidate));
}

/**
 * The modules a file imports statically: its import and export-from declarations, type-only ones
 * included. A dynamic `import()` is left out: it is how a module downloads another on demand, and
 * the downloaded module reading the state of the one that loaded it is that split working as meant
 * (fall-back.ts and last-good-version.ts), not an order of evaluation that can break.
 */
function staticImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  return source.statements.flatMap((statement) => {
    const specifier =
      ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)
        ? statement.moduleSpecifier
        : undefined;
    return specifier && ts.isStringLiteral(specifier) ? [specifier.text] : [];
  });
}

/**
 * The file-to-file static imports of one source root (relative to the repository), tests left out
 * as in folderImports: each file with the files of the same root it imports.
 */
export function fileImports(root: SourceRoot, repoDir = repo): Map<string, string[]> {
  const packageDir = join(repoDir, root.packageDir);
  const srcDir = join(repoDir, root.srcDir);
  const pkg = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as PackageJson;
  const selfPrefix = pkg.name ? `${pkg.name}/` : undefined;
  const files = sourceFiles(srcDir).filter((file) => !TEST_FILE.test(file));
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const targets = new Set<string>();
    for (const specifier of staticImports(file)) {
      let target: string | undefined;
      if (specifier.startsWith('.')) target = resolve(dirname(file), specifier);
      else if (selfPrefix && specifier.startsWith(selfPrefix))
        target = throughExports(packageDir, pkg, specifier.slice(selfPrefix.length));
      const reached = target && sourceFileAt(resolve(target), known);
      if (reached && reached !== file) targets.add(relative(repoDir, reached));
    }
    graph.set(relative(repoDir, file), [...targets].sort());
  }
  return graph;
}

/**
 * The import cycles among files: each group of files that reach one another through their imports
 * (a strongly connected component of more than one file), its files in name order.
 */
export function importCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  // Tarjan's algorithm, iterative, so a deep import chain cannot overflow the stack.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  let next = 0;
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: [string, number][] = [[start, 0]];
    while (work.length > 0) {
      const frame = work.at(-1)!;
      const [node, edge] = frame;
      if (edge === 0 && !index.has(node)) {
        index.set(node, next);
        low.set(node, next);
        next += 1;
        stack.push(node);
        onStack.add(node);
      }
      const targets = graph.get(node) ?? [];
      if (edge < targets.length) {
        frame[1] += 1;
        const target = targets[edge]!;
        if (!index.has(target)) work.push([target, 0]);
        else if (onStack.has(target)) low.set(node, Math.min(low.get(node)!, index.get(target)!));
        continue;
      }
      work.pop();
      const parent = work.at(-1);
      if (parent) low.set(parent[0], Math.min(low.get(parent[0])!, low.get(node)!));
      if (low.get(node) === index.get(node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== node);
        if (component.length > 1) cycles.push(component.sort());
      }
    }
  }
  return cycles.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/** The feature folder a file lies in (`<srcDir>/features/<name>/…`), or undefined. */
function featureOf(srcDir: string, file: string): string | undefined {
  const path = relative(join(srcDir, 'features'), file);
  return path.startsWith('..') || !path.includes(sep) ? undefined : path.split(sep)[0];
}

/**
 * The imports from one feature of a remote into another (`src/features/<a>/…` importing
 * `src/features/<b>/…`): a feature stands alone, and the pages put features together, so a
 * feature changes without a map of the others (docs/decisions/037-import-floors.md).
 */
export function featureCrossings(
  graph: ReadonlyMap<string, readonly string[]>,
  srcDir: string,
): { file: string; imports: string }[] {
  return [...graph].flatMap(([file, targets]) => {
    const from = featureOf(srcDir, file);
    if (!from) return [];
    return targets
      .filter((target) => {
        const to = featureOf(srcDir, target);
        return to !== undefined && to !== from;
      })
      .map((target) => ({ file, imports: target }));
  });
}

/** Every remote's feature crossings, keyed by the remote's source folder. */
export function repositoryFeatureCrossings(repoDir = repo) {
  return new Map(
    SOURCE_ROOTS.filter((root) => root.packageDir.startsWith('remotes/')).map((root) => [
      root.srcDir,
      featureCrossings(fileImports(root, repoDir), root.srcDir),
    ]),
  );
}

/** Every source root's file import cycles, keyed by the root's folder. */
export function repositoryImportCycles(repoDir = repo): Map<string, string[][]> {
  return new Map(SOURCE_ROOTS.map((root) => [root.srcDir, importCycles(fileImports(root, repoDir))]));
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
  for (const [srcDir, cycles] of repositoryImportCycles(resolve(values.repo))) {
    total += cycles.length;
    for (const files of cycles) console.log(`${srcDir}: import cycle ${files.join(' <-> ')}`);
  }
  for (const [srcDir, crossings] of repositoryFeatureCrossings(resolve(values.repo))) {
    total += crossings.length;
    for (const { file, imports } of crossings)
      console.log(`${srcDir}: feature crossing ${file} -> ${imports}`);
  }
  process.exitCode = total === 0 ? 0 : 1;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
