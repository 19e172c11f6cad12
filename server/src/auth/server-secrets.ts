import type { Db } from '../db/open-database';
import { newSecret } from './secret-tokens';

/**
 * A key of this server's, made on first use and kept in the database, so it survives restarts and
 * nobody configures it: the same file that holds what it protects holds the key, and a fresh
 * database gets a fresh key.
 */
export function serverSecret(db: Db, name: string, now: number): Buffer {
  db.prepare('INSERT OR IGNORE INTO server_secrets (name, value, created_at) VALUES (?, ?, ?)').run(
    name,
    newSecret(32),
    now,
  );
  const row = db.prepare('SELECT value FROM server_secrets WHERE name = ?').get(name) as { value: string };
  return Buffer.from(row.value, 'base64url');
}
