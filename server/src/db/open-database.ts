import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { MIGRATIONS } from './migrations';
import { storeAchievementByRule } from './stored-achievement';

export type Db = Database.Database;

/**
 * Opens (creating if needed) the SQLite file and brings its schema up to date, and the figures it
 * keeps by a product rule up to that rule (stored-achievement.ts).
 * `:memory:` gives a private database, which is what the tests use.
 */
export function openDatabase(file: string): Db {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  if (file !== ':memory:') {
    // WAL lets reads continue while a write commits; NORMAL sync is durable enough for a reference server.
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
  }
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 3000');
  migrate(db);
  storeAchievementByRule(db);
  return db;
}

function migrate(db: Db): void {
  const applied = db.pragma('user_version', { simple: true }) as number;
  if (applied > MIGRATIONS.length) {
    throw new Error(`Database schema version ${applied} is newer than this server (${MIGRATIONS.length}).`);
  }
  for (let version = applied; version < MIGRATIONS.length; version += 1) {
    const sql = MIGRATIONS[version] as string;
    db.transaction(() => {
      db.exec(sql);
      db.pragma(`user_version = ${version + 1}`);
    })();
  }
}

/** Reads a small key/value setting (seed date and the like). */
export function readMeta(db: Db, key: string): string | undefined {
  const row = db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined;
  return row?.value;
}

export function writeMeta(db: Db, key: string, value: string): void {
  db.prepare(
    'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  ).run(key, value);
}

/** Next value of a named counter; ids minted at run time (users, fixture accounts) come from here. */
export function nextCounter(db: Db, name: string, start: number): number {
  const row = db
    .prepare(
      `INSERT INTO counters (name, value) VALUES (?, ?)
       ON CONFLICT (name) DO UPDATE SET value = value + 1
       RETURNING value`,
    )
    .get(name, start) as { value: number };
  return row.value;
}

/**
 * Runs a bulk load with the secondary indexes of `tables` dropped, then rebuilds them: one sorted
 * index build is much cheaper than updating every index row by row. Call inside a transaction, so
 * that no reader ever sees the tables without their indexes.
 */
export function withIndexesDeferred(db: Db, tables: readonly string[], load: () => void): void {
  const indexes = db
    .prepare(
      `SELECT name, sql FROM sqlite_master
       WHERE type = 'index' AND sql IS NOT NULL AND tbl_name IN (SELECT value FROM json_each(?))`,
    )
    .all(JSON.stringify(tables)) as { name: string; sql: string }[];
  for (const index of indexes) db.exec(`DROP INDEX "${index.name}"`);
  load();
  for (const index of indexes) db.exec(index.sql);
}

/** Deletes every row of `tables`, in the order given (referencing tables first), in one transaction. */
export function emptyTables(db: Db, tables: readonly string[]): void {
  db.transaction(() => {
    for (const table of tables) db.prepare(`DELETE FROM "${table}"`).run();
  })();
}
