/**
 * One module per table (docs/decisions/046-one-module-per-table.md): each table of the server's
 * database has one module that writes its SQL and turns its rows into the domain's objects; every
 * other module calls that one. A module listed as a table's reader may SELECT from it, and nothing
 * more, where one statement over several tables is what makes it fast.
 *
 * This finds every string or template literal in server/src that reads as SQL and lists the tables
 * it names outside their owner (or a reader writing one). The schema's own SQL is exempt: the
 * migrations and the data migration run when the database is opened. Tests are exempt too: they
 * arrange and inspect raw rows, and a test naming a column that is gone fails when it runs.
 *
 *   node --import tsx scripts/ci/table-owners.ts      print what is out of place (nothing, or it exits 1)
 *
 * scripts/ci/table-owners.test.ts runs the same check over the repository and fails on any.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const repo = join(dirname(fileURLToPath(import.meta.url)), '../..');

const SERVER_SOURCE = 'server/src';
const MIGRATIONS_FILE = 'server/src/db/migrations.ts';

/** The schema's own SQL: the migrations, and the figures re-stored by rule when the database opens. */
const SCHEMA_FILES: ReadonlySet<string> = new Set([MIGRATIONS_FILE, 'server/src/db/stored-achievement.ts']);

interface Ownership {
  /** The one module (relative to server/src) that writes the table's SQL. */
  owner: string;
  /** Modules that may SELECT from it as well, and why. */
  readers?: Readonly<Record<string, string>>;
}

const REP_SEARCH =
  'the rep search answers from the indexes of the account tables in one statement (docs/decisions/008-rep-search-at-volume.md)';
const ACCOUNTS: Ownership = {
  owner: 'accounts/account-store.ts',
  readers: { 'accounts/account-search.ts': REP_SEARCH },
};

/** Every table of the schema and the module that owns its SQL. */
const TABLE_OWNERS: Readonly<Record<string, Ownership>> = {
  meta: { owner: 'db/open-database.ts' },
  counters: { owner: 'db/open-database.ts' },
  accounts: ACCOUNTS,
  division_accounts: ACCOUNTS,
  account_branches: ACCOUNTS,
  account_promotions: ACCOUNTS,
  association_confirmations: ACCOUNTS,
  branch_sets: ACCOUNTS,
  branch_set_members: ACCOUNTS,
  account_search: ACCOUNTS,
  branches: { owner: 'content/content-store.ts' },
  content_blocks: { owner: 'content/content-store.ts' },
  promotions: {
    owner: 'promotions/promotion-store.ts',
    readers: {
      'accounts/account-store.ts': "orders an account's rows by the promotions' position as it reads them",
    },
  },
  users: { owner: 'users/user-store.ts' },
  invitations: { owner: 'users/invitation-store.ts' },
  sessions: { owner: 'auth/session-store.ts' },
  user_tokens: { owner: 'auth/email-token-store.ts' },
  server_secrets: { owner: 'auth/server-secrets.ts' },
  sso_round_trips: { owner: 'sso/sso-store.ts' },
  outbox: { owner: 'outbox/outbox-store.ts' },
  audit_log: { owner: 'audit/audit-store.ts' },
  form_submissions: { owner: 'forms/form-submission-store.ts' },
  release_events: { owner: 'release-health/release-event-store.ts' },
  notification_choices: { owner: 'notifications/notification-store.ts' },
  notification_settings: { owner: 'notifications/notification-store.ts' },
  notification_log: { owner: 'notifications/notification-store.ts' },
  push_subscriptions: { owner: 'notifications/push/push-store.ts' },
};

/** The tables the migrations leave in place: each created, less those dropped since. */
export function schemaTables(migrations: string): string[] {
  const dropped = new Set([...migrations.matchAll(/\bDROP TABLE (\w+)/g)].map((match) => match[1]));
  return [...migrations.matchAll(/\bCREATE (?:VIRTUAL )?TABLE (\w+)/g)]
    .map((match) => match[1] as string)
    .filter((table) => !dropped.has(table));
}

const SQL_WORD = /\b(SELECT|INSERT|UPDATE|DELETE|REPLACE|CREATE|DROP|ALTER|FROM|JOIN)\b/;
const WRITE_WORD = /\b(INSERT|UPDATE|DELETE|REPLACE|CREATE|DROP|ALTER)\b/;

interface SqlText {
  line: number;
  text: string;
}

/** The string and template literals of a source file that read as SQL (interpolations as `?`). */
export function sqlTexts(source: string, fileName = 'file.ts'): SqlText[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const found: SqlText[] = [];
  const visit = (node: ts.Node): void => {
    let text: string | undefined;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) text = node.text;
    else if (ts.isTemplateExpression(node)) {
      text = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' ? ');
    }
    if (text !== undefined && SQL_WORD.test(text)) {
      found.push({ line: file.getLineAndCharacterOfPosition(node.getStart()).line + 1, text });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

const namesTable = (text: string, table: string) => new RegExp(`\\b${table}\\b`).test(text);

/** What is out of place in one file (`path` relative to server/src): one line per table named. */
export function misplacedSql(
  path: string,
  source: string,
  owners: Readonly<Record<string, Ownership>> = TABLE_OWNERS,
): string[] {
  const found: string[] = [];
  for (const { line, text } of sqlTexts(source, path)) {
    for (const [table, { owner, readers }] of Object.entries(owners)) {
      if (path === owner || !namesTable(text, table)) continue;
      const where = `${SERVER_SOURCE}/${path}:${line}`;
      if (readers?.[path] === undefined) {
        found.push(`${where} names ${table}: its SQL belongs in ${SERVER_SOURCE}/${owner}`);
      } else if (WRITE_WORD.test(text)) {
        found.push(
          `${where} writes ${table}, which it may only read: writes belong in ${SERVER_SOURCE}/${owner}`,
        );
      }
    }
  }
  return found;
}

function serverFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return serverFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Every misplaced statement in the repository's server, and every table without an owner. */
export function repositoryMisplacedSql(repoDir = repo): string[] {
  const tables = schemaTables(readFileSync(join(repoDir, MIGRATIONS_FILE), 'utf8'));
  const unowned = tables
    .filter((table) => TABLE_OWNERS[table] === undefined)
    .map((table) => `${table} has no owning module in scripts/ci/table-owners.ts`);
  const misplaced = serverFiles(join(repoDir, SERVER_SOURCE))
    .map((file) => relative(repoDir, file).split('\\').join('/'))
    .filter((file) => !SCHEMA_FILES.has(file))
    .flatMap((file) =>
      misplacedSql(file.slice(SERVER_SOURCE.length + 1), readFileSync(join(repoDir, file), 'utf8')),
    );
  return [...unowned, ...misplaced];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const found = repositoryMisplacedSql();
  for (const line of found) console.log(line);
  console.log(`${found.length} statement(s) out of place`);
  process.exitCode = found.length === 0 ? 0 : 1;
}
