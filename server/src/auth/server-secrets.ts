import type { Db } from '../db/open-database';
import { newSecret } from './secret-tokens';

/**
 * A key of this server's, made on first use and kept in the database, so it survives restarts and
 * nobody configures it: the same file that holds what it protects holds the key, and a fresh
 * database gets a fresh key.
 */
export function serverSecret(db: Db, name: string, now: number): Buffer {
  return Buffer.from(
    storedSecret(db, name, () => newSecret(32), now),
    'base64url',
  );
}

/**
 * The value kept under `name`, made by `make` on first use. A concurrent first start keeps whichever
 * value was written first, and both read that one.
 */
export function storedSecret(db: Db, name: string, make: () => string, now: number): string {
  const select = db.prepare('SELECT value FROM server_secrets WHERE name = ?').pluck();
  const stored = select.get(name) as string | undefined;
  if (stored !== undefined) return stored;
  db.prepare('INSERT OR IGNORE INTO server_secrets (name, value, created_at) VALUES (?, ?, ?)').run(
    name,
    make(),
    now,
  );
  return select.get(name) as string;
}
