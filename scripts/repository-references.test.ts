import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The repository explains itself: comments, messages and docs point at the code, at
 * docs/product-rules.md or at a record in docs/decisions/, never at documents the repository does
 * not hold (a product brief's numbered sections, a style or toolchain note, a folder beside the
 * checkout) nor at issue numbers, whose threads a reader of the code cannot see.
 */

const repo = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Text files worth reading: sources, configs, styles, pages and docs. */
const CHECKED = /\.(?:[cm]?[jt]sx?|css|html|json|jsonc|md|sh|ya?ml)$/;
const SKIPPED = new Set(['package-lock.json']);

/** What may not be cited, and what to write instead. */
export const FORBIDDEN: readonly { pattern: RegExp; instead: string }[] = [
  { pattern: /§\s?\d/, instead: "a heading of docs/product-rules.md (e.g. 'Tracking view')" },
  { pattern: /\b[Ii]ssue #?\d+/, instead: 'a docs/decisions record, or say why in place' },
  { pattern: /\bSTYLE\.md\b/, instead: 'docs/architecture.md or the reason itself' },
  { pattern: /\bTOOLCHAIN\.md\b/, instead: 'a docs/decisions record or the reason itself' },
  {
    // The workspace packages are shared/promo-domain and shared/ui; any other folder of that name
    // reached by climbing out of the checkout is outside it.
    pattern: /\.\.\/shared(?!\/(?:promo-domain|ui)\b)/,
    instead: 'something inside the repository',
  },
];

/** Each line of `text` that cites something outside the repository, as 'file:line: text'. */
export function outsideReferences(file: string, text: string): string[] {
  const found: string[] = [];
  text.split('\n').forEach((line, index) => {
    const rule = FORBIDDEN.find(({ pattern }) => pattern.test(line));
    if (rule) found.push(`${file}:${index + 1}: ${line.trim()} (point at ${rule.instead})`);
  });
  return found;
}

function trackedFiles(): string[] {
  return execFileSync('git', ['ls-files', '-z'], { cwd: repo, encoding: 'utf8' })
    .split('\0')
    .filter((file) => CHECKED.test(file) && !SKIPPED.has(file));
}

describe('references to things outside the repository', () => {
  it('finds a section number, an issue number, the style and toolchain notes and a folder beside the checkout', () => {
    // Built from pieces, so that this file does not cite them itself.
    const text = [
      `// see the brief, section ${'§'} 2`,
      `/** Beyond the brief (${'issue'} 5). */`,
      `// ${'STYLE'}.md says so`,
      `/* ${'TOOLCHAIN'}.md */`,
      `// ../${'shared'}/spec/product-spec.md`,
      '// docs/product-rules.md, "Tracking view"',
      '{ "path": "../../shared/promo-domain" }',
    ].join('\n');
    expect(outsideReferences('x.ts', text).map((line) => line.split(': ')[0])).toEqual([
      'x.ts:1',
      'x.ts:2',
      'x.ts:3',
      'x.ts:4',
      'x.ts:5',
    ]);
  });

  it('has none in any tracked file', () => {
    const found = trackedFiles().flatMap((file) => {
      let text: string;
      try {
        text = readFileSync(join(repo, file), 'utf8');
      } catch {
        return []; // listed by git but not in the work tree (deleted, not yet committed)
      }
      return outsideReferences(file, text);
    });
    expect(found, found.join('\n')).toEqual([]);
  });
});
