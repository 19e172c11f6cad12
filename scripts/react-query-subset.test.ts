import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const repo = join(import.meta.dirname, '..');
const APP_SOURCES = [
  'shell/src',
  'remotes/public/src',
  'remotes/customer/src',
  'remotes/salesrep/src',
  'shared',
];

function sourceFiles(dir: string): string[] {
  return readdirSync(join(repo, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$|(^|\/)(testing|test-support)\//.test(file))
    .filter((file) => !file.includes('node_modules'))
    .map((file) => join(repo, dir, file));
}

/** Value names app code imports from '@tanstack/react-query' (type-only imports are erased). */
function importedNames(): Set<string> {
  const names = new Set<string>();
  const pattern = /import\s+(type\s+)?\{([^}]*)\}\s+from\s+'@tanstack\/react-query'/g;
  for (const file of APP_SOURCES.flatMap(sourceFiles)) {
    for (const [, typeOnly, list] of readFileSync(file, 'utf8').matchAll(pattern)) {
      if (typeOnly) continue;
      for (const part of list!.split(',')) {
        const name = part.trim();
        if (name && !name.startsWith('type ')) names.add(name.split(/\s+as\s+/)[0]!);
      }
    }
  }
  return names;
}

describe('the react-query subset the builds provide', () => {
  it('exports every name app code imports from @tanstack/react-query', () => {
    const subset = readFileSync(join(repo, 'shared/promo-domain/src/query/react-query-subset.ts'), 'utf8');
    const exported = new Set(
      /export\s*\{([^}]*)\}/
        .exec(subset)![1]!
        .split(',')
        .map((name) => name.trim()),
    );
    const imported = importedNames();
    expect(imported.size).toBeGreaterThan(3);
    expect([...imported].filter((name) => !exported.has(name))).toEqual([]);
  });
});
