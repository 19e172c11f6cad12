import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The repository explains itself: comments, messages and docs point at the code, at
 * docs/product-rules.md or at a record in docs/decisions/, never at documents the repository does
 * not hold (a product brief's numbered sections, a style or toolchain note, a folder beside the
 * checkout) nor at issue numbers, whose threads a reader of the code cannot see.
 */

const repo = join(dirname(fileURLToPath(import.meta.url)), '../..');

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

/**
 * The docs name files and modules in backticks (`shell/src/query-client/query-runtime.ts`,
 * `@promo/domain/promotion/selected-reward.rules`); each must still be there, so that a move or a
 * rename shows up as a failing test naming the doc and line rather than as a dead pointer.
 */
const DOCUMENTS = /^(?:README\.md|server\/README\.md|docs\/.*\.md)$/;
const REPOSITORY_PATH =
  /(?<![\w@./-])((?:remotes|shared|shell|server|scripts|e2e|docs)\/[\w@.*/{},-]*|@promo\/(?:domain|ui)(?:\/[\w.*/-]+)?)/g;
/** Written by the build, `npm start` or the server, so absent from a fresh checkout. */
const GENERATED = [/^server\/data(?:\/|$)/, /^remotes\/[^/]+\/dist(?:\/|$)/];

/** `a/{b,c}/` as `a/b/` and `a/c/`. */
function expandBraces(name: string): string[] {
  const braces = /\{([^{}]*)\}/.exec(name);
  if (!braces) return [name];
  return braces[1]!
    .split(',')
    .flatMap((choice) =>
      expandBraces(name.slice(0, braces.index) + choice + name.slice(braces.index + braces[0].length)),
    );
}

/** The files (and, ending in '/', folders) a backticked name may point at. */
function candidates(name: string, exported: (pkg: 'domain' | 'ui') => Record<string, string>) {
  const specifier = /^@promo\/(domain|ui)(?:\/(.+))?$/.exec(name);
  if (!specifier) return [name];
  const [, pkg, sub] = specifier as unknown as [string, 'domain' | 'ui', string | undefined];
  const root = pkg === 'domain' ? 'shared/promo-domain' : 'shared/ui';
  if (!sub) return [`${root}/package.json`];
  const explicit = exported(pkg)[`./${sub}`];
  if (explicit) return [`${root}/${explicit.replace(/^\.\//, '')}`];
  return [pkg === 'domain' ? `${root}/src/${sub}.ts` : `${root}/src/${sub}/index.ts`];
}

function globToRegExp(glob: string): RegExp {
  const source = glob
    .split(/(\*\*\/|\*)/)
    .map((part) =>
      part === '**/' ? '(?:.*/)?' : part === '*' ? '[^/]*' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('');
  return new RegExp(`^${source}(?:/.*)?$`);
}

/** Each backticked repository path or @promo specifier in `text` that `exists` denies, as 'file:line: name'. */
export function staleReferences(
  file: string,
  text: string,
  exists: (path: string) => boolean,
  exported: (pkg: 'domain' | 'ui') => Record<string, string>,
): string[] {
  const found: string[] = [];
  let fenced = false;
  text.split('\n').forEach((line, index) => {
    if (/^\s*```/.test(line)) fenced = !fenced;
    if (fenced || /^\s*```/.test(line)) return; // a drawing or a shell session, not a reference
    for (const [, quoted] of line.matchAll(/`([^`]+)`/g)) {
      for (const [, written] of quoted!.matchAll(REPOSITORY_PATH)) {
        for (const name of expandBraces(written!.replace(/[.,]$/, ''))) {
          if (GENERATED.some((pattern) => pattern.test(name))) continue;
          if (!candidates(name, exported).some(exists)) found.push(`${file}:${index + 1}: ${name}`);
        }
      }
    }
  });
  return found;
}

function packageExports(pkg: 'domain' | 'ui'): Record<string, string> {
  const root = pkg === 'domain' ? 'shared/promo-domain' : 'shared/ui';
  const manifest = JSON.parse(readFileSync(join(repo, root, 'package.json'), 'utf8')) as {
    exports: Record<string, string>;
  };
  return manifest.exports;
}

describe('repository paths and modules named in the docs', () => {
  const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: repo, encoding: 'utf8' })
    .split('\0')
    .filter(Boolean);
  const exists = (path: string) =>
    path.includes('*')
      ? tracked.some((file) => globToRegExp(path.replace(/\/$/, '')).test(file))
      : existsSync(join(repo, path)) &&
        tracked.some(
          (file) => file === path.replace(/\/$/, '') || file.startsWith(path.replace(/\/?$/, '/')),
        );

  it('names the doc and line of a path or specifier that does not exist', () => {
    const text = [
      'The page is `remotes/customer/src/pages/promotion/promotion-page.tsx`.',
      'It was `remotes/customer/src/pages/promotion-detail/promotion-detail-page.tsx`.',
      'Rules: `@promo/domain/promotion/selected-reward.rules`, `@promo/domain/selected-reward`.',
      'UI: `@promo/ui/page-routes`, `@promo/ui/query-scope`, `@promo/ui/theme.css`.',
      '```',
      'shell/src/gone.ts',
      '```',
      'Globs: `shared/promo-domain/src/**/*.rules.ts`, `shell/src/nowhere/*.ts`; built: `server/data/`.',
      'Braces: `remotes/customer/src/features/{reward-choice,promotion-terms}/`.',
    ].join('\n');
    expect(staleReferences('x.md', text, exists, packageExports)).toEqual([
      'x.md:2: remotes/customer/src/pages/promotion-detail/promotion-detail-page.tsx',
      'x.md:3: @promo/domain/selected-reward',
      'x.md:4: @promo/ui/query-scope',
      'x.md:8: shell/src/nowhere/*.ts',
      'x.md:9: remotes/customer/src/features/promotion-terms/',
    ]);
  });

  it('has none in README.md, server/README.md or docs/', () => {
    const found = tracked
      .filter((file) => DOCUMENTS.test(file) && existsSync(join(repo, file)))
      .flatMap((file) =>
        staleReferences(file, readFileSync(join(repo, file), 'utf8'), exists, packageExports),
      );
    expect(found, found.join('\n')).toEqual([]);
  });
});

describe("the README, a user's manual", () => {
  it('stays at most 250 lines: reasoning, release operations and figures live in docs/', () => {
    const lines = readFileSync(join(repo, 'README.md'), 'utf8').trimEnd().split('\n').length;
    expect(lines).toBeLessThanOrEqual(250);
  });
});

describe('the index of decision records', () => {
  const folder = join(repo, 'docs/decisions');
  const index = readFileSync(join(folder, 'README.md'), 'utf8');

  it('lists every record, each link to a record that exists', () => {
    const listed = [...index.matchAll(/^\| \[(\d{3})\]\((\d{3}-[\w-]+\.md)\)\s*\|/gm)].map(
      ([, number, file]) => ({
        number,
        file: file!,
      }),
    );
    const records = trackedFiles()
      .filter((file) => /^docs\/decisions\/\d{3}-[\w-]+\.md$/.test(file))
      .map((file) => file.slice('docs/decisions/'.length));
    expect(listed.map(({ file }) => file).toSorted()).toEqual(records.toSorted());
    for (const { number, file } of listed) {
      expect(file.startsWith(`${number}-`), file).toBe(true);
      expect(existsSync(join(folder, file)), file).toBe(true);
    }
  });
});
