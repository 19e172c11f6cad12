import type { Db } from '../db/open-database';
import { hashSecret, newSecret } from './secret-tokens';

/** E-mailed links work for 24 hours, once. */
const EMAIL_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

/** 'verify' is the signup's hash, 'password' its phash, 'reset' the forgot-password link. */
export type EmailTokenKind = 'verify' | 'password' | 'reset';

export interface EmailToken {
  userId: string;
  kind: EmailTokenKind;
  expiresAt: number;
  usedAt: number | null;
}

export class EmailTokenStore {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  issue(userId: string, kind: EmailTokenKind, now: number): string {
    const token = newSecret(24);
    this.#db
      .prepare(
        'INSERT INTO user_tokens (token_hash, user_id, kind, created_at, expires_at) VALUES (?, ?, ?, ?, ?)',
      )
      .run(hashSecret(token), userId, kind, now, now + EMAIL_TOKEN_TTL_MS);
    return token;
  }

  /** The token as issued to this user, whatever its state; undefined when it is not theirs. */
  find(userId: string, token: string, kinds: readonly EmailTokenKind[]): EmailToken | undefined {
    const row = this.#db
      .prepare(
        'SELECT user_id, kind, expires_at, used_at FROM user_tokens WHERE token_hash = ? AND user_id = ?',
      )
      .get(hashSecret(token), userId) as
      { user_id: string; kind: EmailTokenKind; expires_at: number; used_at: number | null } | undefined;
    if (!row || !kinds.includes(row.kind)) return undefined;
    return { userId: row.user_id, kind: row.kind, expiresAt: row.expires_at, usedAt: row.used_at };
  }

  /** Marks a token used; false when another request used it first. */
  consume(token: string, now: number): boolean {
    return (
      this.#db
        .prepare('UPDATE user_tokens SET used_at = ? WHERE token_hash = ? AND used_at IS NULL')
        .run(now, hashSecret(token)).changes === 1
    );
  }
}
