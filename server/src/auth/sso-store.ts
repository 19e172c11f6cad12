import type { Db } from '../db/open-database';
import { hashSecret, newSecret } from './secret-tokens';

/** The identity round trip must finish within 10 minutes of asking for the consent URL. */
const SSO_STATE_TTL_MS = 10 * 60 * 1000;

export type SsoCheck = { ok: true; userId: string } | { ok: false; message: string };

/**
 * State and codes of the development identity provider (POST /auth0/get/auth/url). The state is
 * single-use: the first login attempt that presents it consumes it, whatever the outcome, so a
 * replayed callback URL can never sign anyone in.
 */
export class SsoStore {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  createState(returnTo: string | undefined, now: number): string {
    const state = newSecret(24);
    this.#db
      .prepare('INSERT INTO sso_states (state_hash, return_to, created_at, expires_at) VALUES (?, ?, ?, ?)')
      .run(hashSecret(state), returnTo ?? null, now, now + SSO_STATE_TTL_MS);
    // Abandoned sign-ins leave states and codes behind; sweep them whenever a new one starts.
    this.#db.prepare('DELETE FROM sso_states WHERE expires_at < ?').run(now - SSO_STATE_TTL_MS);
    this.#db.prepare('DELETE FROM sso_codes WHERE expires_at < ?').run(now - SSO_STATE_TTL_MS);
    return state;
  }

  /** Whether the identity page may still be shown for this state. */
  isPending(state: string, now: number): boolean {
    const row = this.#db
      .prepare('SELECT expires_at, used_at FROM sso_states WHERE state_hash = ?')
      .get(hashSecret(state)) as { expires_at: number; used_at: number | null } | undefined;
    return row !== undefined && row.used_at === null && row.expires_at > now;
  }

  /** A code the identity page hands to the callback for one user, bound to one state. */
  issueCode(state: string, userId: string, now: number): string {
    const code = newSecret(24);
    this.#db
      .prepare('INSERT INTO sso_codes (code_hash, state_hash, user_id, expires_at) VALUES (?, ?, ?, ?)')
      .run(hashSecret(code), hashSecret(state), userId, now + SSO_STATE_TTL_MS);
    return code;
  }

  redeem(code: string, state: string, now: number): SsoCheck {
    const stateHash = hashSecret(state);
    return this.#db.transaction((): SsoCheck => {
      const row = this.#db
        .prepare('SELECT expires_at, used_at FROM sso_states WHERE state_hash = ?')
        .get(stateHash) as { expires_at: number; used_at: number | null } | undefined;
      if (!row) return { ok: false, message: 'Single sign-on failed: unknown state.' };
      if (row.used_at !== null)
        return { ok: false, message: 'Single sign-on failed: this sign-in link was already used.' };
      if (row.expires_at <= now)
        return { ok: false, message: 'Single sign-on failed: the sign-in link has expired.' };
      this.#db.prepare('UPDATE sso_states SET used_at = ? WHERE state_hash = ?').run(now, stateHash);
      const codeRow = this.#db
        .prepare('SELECT user_id, expires_at FROM sso_codes WHERE code_hash = ? AND state_hash = ?')
        .get(hashSecret(code), stateHash) as { user_id: string; expires_at: number } | undefined;
      // All codes of this state are spent along with it.
      this.#db.prepare('DELETE FROM sso_codes WHERE state_hash = ?').run(stateHash);
      if (!codeRow || codeRow.expires_at <= now)
        return { ok: false, message: 'Single sign-on failed: invalid code.' };
      return { ok: true, userId: codeRow.user_id };
    })();
  }
}
