import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { folderImports, repositoryTwoWayPairs, ROOT_FOLDER, twoWayPairs } from './import-floors';

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

    it('names the import behind each direction', () => {
      const [pair] = twoWayPairs(folderImports(root, fixture)).filter(({ folders }) => folders[0] === 'a');
      expect(pair?.forth).toEqual([{ from: 'a', to: 'b', file: 'pkg/src/a/one.ts', specifier: '../b/two' }]);
      expect(pair?.back).toEqual([
        { from: 'b', to: 'a', file: 'pkg/src/b/two.ts', specifier: '@fixture/pkg/a/one' },
      ]);
    });
  });
});
