import { describe, expect, it } from 'vitest';
import { misplacedSql, repositoryMisplacedSql, schemaTables, sqlTexts } from './table-owners';

// One module per table (docs/decisions/046-one-module-per-table.md).
describe('table owners', () => {
  it("keeps each table's SQL in its owning module, and gives every table of the schema one", () => {
    expect(repositoryMisplacedSql()).toEqual([]);
  });

  describe('the measurement', () => {
    const owners = {
      account_promotions: {
        owner: 'accounts/account-store.ts',
        readers: { 'accounts/account-search.ts': 'one statement over the indexes' },
      },
      promotions: { owner: 'promotions/promotion-store.ts' },
    };

    it('names the file, the line and the table of SQL outside the owner, in a template with interpolations too', () => {
      const source = [
        'const where = "enrolled = 1";',
        'export const rows = (db) =>',
        '  db.prepare(`SELECT ap.* FROM account_promotions ap WHERE ${where}`).all();',
      ].join('\n');
      expect(misplacedSql('notifications/notification-data.ts', source, owners)).toEqual([
        'server/src/notifications/notification-data.ts:3 names account_promotions: its SQL belongs in server/src/accounts/account-store.ts',
      ]);
    });

    it('lets the owner write its table and a reader read it, but not write it', () => {
      const write = "db.prepare('UPDATE account_promotions SET enrolled = 1 WHERE account_id = ?');";
      const read = "db.prepare('SELECT COUNT(*) FROM account_promotions WHERE promotion_id = ?');";
      expect(misplacedSql('accounts/account-store.ts', write, owners)).toEqual([]);
      expect(misplacedSql('accounts/account-search.ts', read, owners)).toEqual([]);
      expect(misplacedSql('accounts/account-search.ts', write, owners)).toEqual([
        'server/src/accounts/account-search.ts:1 writes account_promotions, which it may only read: writes belong in server/src/accounts/account-store.ts',
      ]);
    });

    it('reads only literals that look like SQL, and tells a table from a longer name holding it', () => {
      const source = [
        '// promotions are read FROM promotions here',
        "const label = 'Your promotions';",
        "const sql = 'SELECT 1 FROM account_promotions';",
      ].join('\n');
      expect(sqlTexts(source).map((text) => text.line)).toEqual([3]);
      expect(misplacedSql('accounts/account-search.ts', source, owners)).toEqual([]);
    });

    it("lists the schema's tables: created, virtual ones included, less those dropped", () => {
      const migrations = `CREATE TABLE a (x);
        CREATE VIRTUAL TABLE search USING fts5(text);
        CREATE TABLE gone (y);
        CREATE INDEX a_x ON a (x);
        DROP TABLE gone;`;
      expect(schemaTables(migrations)).toEqual(['a', 'search']);
    });
  });
});
