import type { Branch, Role } from '@promo/domain/types';
import type { Db } from '../db/open-database';

/** The content the open pages and the configuration read: HTML blocks and the branch list. */
export class ContentStore {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  /** Stores the branch list and the HTML blocks (the seed's). */
  insertContent(branches: readonly Branch[], blocks: Readonly<Record<string, string>>): void {
    const insertBranch = this.#db.prepare(
      'INSERT INTO branches (branch_id, branch_name, code, division, region) VALUES (@branchID, @branchName, @branch, @division, @region)',
    );
    for (const branch of branches) insertBranch.run(branch);
    const insertBlock = this.#db.prepare('INSERT INTO content_blocks (id, raw_html) VALUES (?, ?)');
    for (const [id, html] of Object.entries(blocks)) insertBlock.run(id, html);
  }

  /** Each known block's HTML by id (the server's stored HTML; the client sanitizes it). */
  blocks(ids: readonly string[]): Map<string, string> {
    const rows = this.#db
      .prepare('SELECT id, raw_html FROM content_blocks WHERE id IN (SELECT value FROM json_each(?))')
      .all(JSON.stringify(ids)) as { id: string; raw_html: string }[];
    return new Map(rows.map((row) => [row.id, row.raw_html]));
  }

  /** The branches a user may see, by region then name: a rep those of their allowed regions, anyone else all. */
  branchesFor(user: { role: Role; allowedRegions: readonly string[] }): Branch[] {
    return this.#db
      .prepare(
        `SELECT branch_id AS branchID, branch_name AS branchName, code AS branch, division, region FROM branches
         WHERE @all = 1 OR region IN (SELECT value FROM json_each(@regions))
         ORDER BY region, branch_name`,
      )
      .all({
        all: user.role === 'rep' ? 0 : 1,
        regions: JSON.stringify(user.allowedRegions),
      }) as Branch[];
  }
}
