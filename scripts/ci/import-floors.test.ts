import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  featureCrossings,
  fileImports,
  folderImports,
  importCycles,
  repositoryFeatureCrossings,
  repositoryImportCycles,
  repositoryTwoWayPairs,
  ROOT_FOLDER,
  twoWayPairs,
} from './import-floors';

// The folder floors (docs/decisions/037-import-floors.md): within each package, no two top-level
// folders (the files directly in the source root counting as one) import each other both ways.
describe('two-way folder imports', () => {
  it('no package has a pair of folders that import each other', () => {
    const found = [...repositoryTwoWayPairs()].flatMap(([srcDir, pairs]) =>
      pairs.map(
        ({ folders, forth, back }) =>
          `${srcDir}: ${folders.join(' <-> ')} (${[...forth, ...back]
            .map((edge) => `${edge.file} imports ${edge.specifier}`)
            .join('; ')})`,
      ),
    );
    expect(found).toEqual([]);
  });

  describe('the measurement', () => {
    const fixture = mkdtempSync(join(tmpdir(), 'ezy-import-floors-'));
    afterAll(() => rmSync(fixture, { recursive: true, force: true }));
    const write = (path: string, text: string) => {
      mkdirSync(dirname(join(fixture, path)), { recursive: true });
      writeFileSync(join(fixture, path), text);
    };
    write(
      'pkg/package.json',
      JSON.stringify({ name: '@fixture/pkg', exports: { './*': './src/*.ts', './entry': './src/main.ts' } }),
    );
    // a -> b by a relative path, b -> a through the package's own name in a dynamic import.
    write('pkg/src/a/one.ts', "import { two } from '../b/two';\nexport const one = two;\n");
    write(
      'pkg/src/b/two.ts',
      "export const two = 2;\nexport const later = () => import('@fixture/pkg/a/one');\n",
    );
    // c -> a only; a test in a imports c, which a test may (nothing imports a test).
    write('pkg/src/c/three.ts', "export { one } from '../a/one';\n");
    write('pkg/src/a/one.test.ts', "import { one } from '../c/three';\nvoid one;\n");
    // A root file and a folder: d reaches the root through an explicit export, the root imports d.
    write('pkg/src/main.ts', "import './d/four';\n");
    write('pkg/src/d/four.ts', "import type {} from '@fixture/pkg/entry';\n");
    // Another package's source is out of scope here (the ESLint zones cover it).
    write('pkg/src/e/five.ts', "import '../../../other/src/a/x';\n");
    const root = { packageDir: 'pkg', srcDir: 'pkg/src' };

    it('follows relative, package-name and dynamic imports, type-only ones included', () => {
      const pairs = twoWayPairs(folderImports(root, fixture)).map(({ folders }) => folders);
      expect(pairs).toEqual([
        [ROOT_FOLDER, 'd'],
        ['a', 'b'],
      ]);
    });

    it("leaves the tests' imports out unless asked for", () => {
      const withTests = twoWayPairs(folderImports(root, fixture, { withTests: true }));
      expect(withTests.map(({ folders }) => folders)).toContainEqual(['a', 'c']);
    });

    it('finds the files that import one another back statically, through relative and package-name imports', () => {
      // a/one and b/two close their loop only through b's dynamic import: a split, not a cycle.
      expect(importCycles(fileImports(root, fixture))).toEqual([['pkg/src/d/four.ts', 'pkg/src/main.ts']]);
    });

    it('names the import behind each direction', () => {
      const [pair] = twoWayPairs(folderImports(root, fixture)).filter(({ folders }) => folders[0] === 'a');
      expect(pair?.forth).toEqual([{ from: 'a', to: 'b', file: 'pkg/src/a/one.ts', specifier: '../b/two' }]);
      expect(pair?.back).toEqual([
        { from: 'b', to: 'a', file: 'pkg/src/b/two.ts', specifier: '@fixture/pkg/a/one' },
      ]);
    });
  });
});

// One file never imports itself back through others, and one feature of a remote never imports
// another (docs/decisions/037-import-floors.md).
describe('file import cycles and feature crossings', () => {
  it('no package has files that import one another back', () => {
    const found = [...repositoryImportCycles()].flatMap(([srcDir, cycles]) =>
      cycles.map((files) => `${srcDir}: ${files.join(' <-> ')}`),
    );
    expect(found).toEqual([]);
  });

  it("no remote's feature imports another feature", () => {
    const found = [...repositoryFeatureCrossings()].flatMap(([srcDir, crossings]) =>
      crossings.map(({ file, imports }) => `${srcDir}: ${file} imports ${imports}`),
    );
    expect(found).toEqual([]);
  });

  it('groups every file of a cycle, however long, and leaves a file that only leads into one out', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'e']],
      ['d', ['a']],
      ['e', ['f']],
      ['f', ['e']],
    ]);
    expect(importCycles(graph)).toEqual([
      ['a', 'b', 'c'],
      ['e', 'f'],
    ]);
    expect(importCycles(new Map([['a', ['b']]]))).toEqual([]);
  });

  it("tells a feature's import of another feature from its imports of itself and of shared folders", () => {
    const graph = new Map([
      ['r/src/features/x/a.ts', ['r/src/features/y/b.ts', 'r/src/features/x/c.ts', 'r/src/pages/p.ts']],
      ['r/src/pages/p.ts', ['r/src/features/x/a.ts', 'r/src/features/y/b.ts']],
    ]);
    expect(featureCrossings(graph, 'r/src')).toEqual([
      { file: 'r/src/features/x/a.ts', imports: 'r/src/features/y/b.ts' },
    ]);
  });
});
