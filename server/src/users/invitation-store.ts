import type { AccountId } from '@promo/domain/types';
import type { Db } from '../db/open-database';

/** An invitation lasts this long from when it is issued (or issued again). */
export const INVITATION_TTL_DAYS = 30;
const INVITATION_TTL_MS = INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000;

export interface Invitation {
  accountId: AccountId;
  /** Lowercased. */
  email: string;
  expiresAt: number;
  /** The user that registered with it; null while it is open. */
  usedBy: string | null;
}

interface InvitationRow {
  account_id: string;
  email: string;
  expires_at: number;
  used_by: string | null;
}

/**
 * Who may register for which trade account. Registration creates a customer user only from an
 * invitation issued for that account to that address (docs/product-rules.md "Registration"); the
 * back office issues them (here: the seed and POST /dev/invitations).
 */
export class InvitationStore {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  /** Issues an invitation, or re-issues an open one with a fresh expiry; a used one stays used. */
  issue(accountId: AccountId, email: string, now: number): Invitation {
    this.#db
      .prepare(
        `INSERT INTO invitations (account_id, email, created_at, expires_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (account_id, email) DO UPDATE SET expires_at = excluded.expires_at WHERE used_by IS NULL`,
      )
      .run(accountId, email.trim().toLowerCase(), now, now + INVITATION_TTL_MS);
    return this.find(accountId, email) as Invitation;
  }

  find(accountId: AccountId, email: string): Invitation | undefined {
    const row = this.#db
      .prepare(
        'SELECT account_id, email, expires_at, used_by FROM invitations WHERE account_id = ? AND email = ?',
      )
      .get(accountId, email.trim().toLowerCase()) as InvitationRow | undefined;
    return row
      ? { accountId: row.account_id, email: row.email, expiresAt: row.expires_at, usedBy: row.used_by }
      : undefined;
  }

  /** Marks the invitation used by `userId`; false when it was used (or removed) first. */
  markUsed(accountId: AccountId, email: string, userId: string, now: number): boolean {
    return (
      this.#db
        .prepare(
          'UPDATE invitations SET used_by = ?, used_at = ? WHERE account_id = ? AND email = ? AND used_by IS NULL',
        )
        .run(userId, now, accountId, email.trim().toLowerCase()).changes === 1
    );
  }

  /** Open invitations, newest first (the development endpoint lists them for a newcomer to try). */
  listOpen(now: number, limit = 50): Invitation[] {
    const rows = this.#db
      .prepare(
        `SELECT account_id, email, expires_at, used_by FROM invitations
         WHERE used_by IS NULL AND expires_at > ? ORDER BY created_at DESC, account_id LIMIT ?`,
      )
      .all(now, limit) as InvitationRow[];
    return rows.map((row) => ({
      accountId: row.account_id,
      email: row.email,
      expiresAt: row.expires_at,
      usedBy: row.used_by,
    }));
  }
}
