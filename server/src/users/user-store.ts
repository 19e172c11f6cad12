import type { AccountId, SignedInRole, UserRecord } from '@promo/domain/types';
import type { Db } from '../db/open-database';
import { nextCounter } from '../db/open-database';
import { readJsonColumn, stringListColumn } from '../db/json-column';

export interface User extends UserRecord {
  accountId: AccountId | null;
  passwordHash: string | null;
  verified: boolean;
}

interface UserRow {
  id: string;
  email: string;
  firstname: string;
  surname: string;
  role: SignedInRole;
  account_id: string | null;
  allowed_regions: string;
  password_hash: string | null;
  verified: number;
}

export interface NewUser {
  id?: string;
  email: string;
  firstname: string;
  surname: string;
  role: SignedInRole;
  accountId: AccountId | null;
  allowedRegions: string[];
  passwordHash: string | null;
  verified: boolean;
  createdAt: number;
}

/** The client's view of a user (no hash, no flags). */
export function toUserRecord(user: User): UserRecord {
  return {
    id: user.id,
    email: user.email,
    firstname: user.firstname,
    surname: user.surname,
    role: user.role,
    allowedRegions: user.allowedRegions,
  };
}

function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    firstname: row.firstname,
    surname: row.surname,
    role: row.role,
    allowedRegions: readJsonColumn(stringListColumn, row.allowed_regions, 'users.allowed_regions'),
    accountId: row.account_id,
    passwordHash: row.password_hash,
    verified: row.verified === 1,
  };
}

export class UserStore {
  readonly #db: Db;
  readonly #insert;
  readonly #byId;
  readonly #byEmail;

  constructor(db: Db) {
    this.#db = db;
    this.#insert = db.prepare(
      `INSERT INTO users (id, email, firstname, surname, role, account_id, allowed_regions, password_hash, verified, created_at)
       VALUES (@id, @email, @firstname, @surname, @role, @accountId, @allowedRegions, @passwordHash, @verified, @createdAt)`,
    );
    this.#byId = db.prepare('SELECT * FROM users WHERE id = ?');
    this.#byEmail = db.prepare('SELECT * FROM users WHERE email = ?');
  }

  /** Ids are 'U' + a counter; e-mails are stored lowercased (they are unique case-insensitively). */
  insert(user: NewUser): User {
    const id = user.id ?? `U${nextCounter(this.#db, 'user', 10_001)}`;
    this.#insert.run({
      id,
      email: user.email.toLowerCase(),
      firstname: user.firstname,
      surname: user.surname,
      role: user.role,
      accountId: user.accountId,
      allowedRegions: JSON.stringify(user.allowedRegions),
      passwordHash: user.passwordHash,
      verified: user.verified ? 1 : 0,
      createdAt: user.createdAt,
    });
    return this.get(id) as User;
  }

  get(id: string): User | undefined {
    const row = this.#byId.get(id) as UserRow | undefined;
    return row ? toUser(row) : undefined;
  }

  getMany(ids: readonly string[]): User[] {
    const rows = this.#db
      .prepare('SELECT * FROM users WHERE id IN (SELECT value FROM json_each(?))')
      .all(JSON.stringify(ids)) as UserRow[];
    const byId = new Map(rows.map((row) => [row.id, toUser(row)]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  findByEmail(email: string): User | undefined {
    const row = this.#byEmail.get(email.trim().toLowerCase()) as UserRow | undefined;
    return row ? toUser(row) : undefined;
  }

  /**
   * Users whose e-mail, name or id holds the text, among those a rep reaches: themself and the
   * customers of the accounts in their regions (@promo/domain/rep/rep-reach.rules.ts), `accountIds`.
   */
  search(query: {
    searchText: string;
    offset: number;
    limit: number;
    reach: { repId: string; accountIds: readonly AccountId[] };
  }): { items: User[]; total: number } {
    const params = {
      pattern: `%${query.searchText.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`,
      repId: query.reach.repId,
      accountIds: JSON.stringify(query.reach.accountIds),
    };
    const where = `(lower(email) LIKE @pattern ESCAPE '\\' OR lower(firstname || ' ' || surname) LIKE @pattern ESCAPE '\\'
      OR lower(id) LIKE @pattern ESCAPE '\\')
      AND (id = @repId OR (role = 'customer' AND account_id IN (SELECT value FROM json_each(@accountIds))))`;
    const total = (
      this.#db.prepare(`SELECT COUNT(*) AS total FROM users WHERE ${where}`).get(params) as { total: number }
    ).total;
    const rows = this.#db
      .prepare(`SELECT * FROM users WHERE ${where} ORDER BY email LIMIT @limit OFFSET @offset`)
      .all({ ...params, limit: query.limit, offset: query.offset }) as UserRow[];
    return { items: rows.map(toUser), total };
  }

  updateNames(id: string, names: { firstname?: string | undefined; surname?: string | undefined }): void {
    this.#db
      .prepare(
        'UPDATE users SET firstname = COALESCE(@firstname, firstname), surname = COALESCE(@surname, surname) WHERE id = @id',
      )
      .run({ id, firstname: names.firstname ?? null, surname: names.surname ?? null });
  }

  /** Setting a password through an e-mailed link also proves the address, so it verifies the user. */
  setPassword(id: string, passwordHash: string): void {
    this.#db.prepare('UPDATE users SET password_hash = ?, verified = 1 WHERE id = ?').run(passwordHash, id);
  }

  markVerified(id: string): void {
    this.#db.prepare('UPDATE users SET verified = 1 WHERE id = ?').run(id);
  }
}
