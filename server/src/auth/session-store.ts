import type { Db } from '../db/open-database';
import { hashSecret, newSecret } from './secret-tokens';

/** Sessions last 12 hours from the last request (sliding). */
export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;
/** The expiry is pushed forward at most once a minute, so reads do not all turn into writes. */
const SLIDE_AFTER_MS = 60 * 1000;

export interface ActiveSession {
  idHash: string;
  userId: string;
  expiresAt: number;
  /** True when this request moved the expiry forward (the cookie is then re-sent). */
  renewed: boolean;
}

export class SessionStore {
  readonly #db: Db;
  readonly #insert;
  readonly #select;
  readonly #extend;
  readonly #delete;

  constructor(db: Db) {
    this.#db = db;
    this.#insert = db.prepare(
      'INSERT INTO sessions (id_hash, user_id, created_at, expires_at, sso_id_token) VALUES (?, ?, ?, ?, ?)',
    );
    this.#select = db.prepare('SELECT user_id, expires_at FROM sessions WHERE id_hash = ?');
    this.#extend = db.prepare('UPDATE sessions SET expires_at = ? WHERE id_hash = ?');
    this.#delete = db.prepare('DELETE FROM sessions WHERE id_hash = ?');
  }

  /**
   * Returns the cookie value: 32 random bytes; only its hash is stored. A session begun through the
   * OpenID provider keeps the ID token it brought: the provider's sign-out asks for it (id_token_hint).
   */
  create(userId: string, now: number, ssoIdToken?: string): string {
    const id = newSecret(32);
    this.#insert.run(hashSecret(id), userId, now, now + SESSION_TTL_MS, ssoIdToken ?? null);
    // Expired rows are dead weight; sweeping on sign-in keeps the table small without a timer.
    this.#db.prepare('DELETE FROM sessions WHERE expires_at < ?').run(now);
    return id;
  }

  resolve(id: string, now: number): ActiveSession | undefined {
    const idHash = hashSecret(id);
    const row = this.#select.get(idHash) as { user_id: string; expires_at: number } | undefined;
    if (!row) return undefined;
    if (row.expires_at <= now) {
      this.#delete.run(idHash);
      return undefined;
    }
    const renewed = now + SESSION_TTL_MS - row.expires_at >= SLIDE_AFTER_MS;
    const expiresAt = renewed ? now + SESSION_TTL_MS : row.expires_at;
    if (renewed) this.#extend.run(expiresAt, idHash);
    return { idHash, userId: row.user_id, expiresAt, renewed };
  }

  /** The session's user, without sliding its expiry: for calls that are not the person acting. */
  userIdOf(id: string, now: number): string | undefined {
    const row = this.#select.get(hashSecret(id)) as { user_id: string; expires_at: number } | undefined;
    return row && row.expires_at > now ? row.user_id : undefined;
  }

  /** The ID token a session begun through the OpenID provider keeps, if it was. */
  ssoIdTokenOf(id: string): string | undefined {
    const row = this.#db
      .prepare('SELECT sso_id_token FROM sessions WHERE id_hash = ?')
      .get(hashSecret(id)) as { sso_id_token: string | null } | undefined;
    return row?.sso_id_token ?? undefined;
  }

  delete(id: string): void {
    this.#delete.run(hashSecret(id));
  }

  deleteForUser(userId: string): void {
    this.#db.prepare('DELETE FROM sessions WHERE user_id = ?').run(userId);
  }
}
