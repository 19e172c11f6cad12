import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { achievement } from '@promo/domain/promotion/target-progress.rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readColumn } from '../accounts/progress-columns';
import { seedDemoData } from '../seed/seed-database';
import { TEST_NOW } from '../test-support/test-app';
import { openDatabase, readMeta, writeMeta, type Db } from './open-database';
import { achievementFingerprint, storeAchievementByRule } from './stored-achievement';

interface StoredRow {
  totalSpend: number;
  targets: string;
  percentage: number;
  progress: number;
}

const storedRows = (db: Db) =>
  db
    .prepare(
      'SELECT total_spend AS totalSpend, targets, percentage, progress FROM account_promotions ORDER BY rowid',
    )
    .all() as StoredRow[];

const byRule = (row: StoredRow) => {
  const { percentageAchieved, progress } = achievement(
    readColumn('account_promotions.targets', row.targets),
    row.totalSpend,
  );
  return { percentage: percentageAchieved, progress };
};

let folder: string;
let file: string;
beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'ezy-achievement-'));
  file = join(folder, 'demo.sqlite');
  const db = openDatabase(file);
  await seedDemoData(db, { now: TEST_NOW, volumeAccounts: 40 });
  db.close();
});
afterAll(() => {
  rmSync(folder, { recursive: true, force: true });
});

describe('the stored percentage and progress', () => {
  it('are stored again from achievement() when the database holds another rule’s figures', () => {
    const stale = openDatabase(file);
    // What a changed rule leaves behind: figures it no longer computes, under its own fingerprint.
    stale.exec('UPDATE account_promotions SET percentage = 0.5, progress = 7');
    writeMeta(stale, 'achievement_rule', 'a rule with other rounding');
    stale.close();

    const db = openDatabase(file);
    try {
      const rows = storedRows(db);
      expect(rows.length).toBeGreaterThan(40);
      expect(rows.some((row) => row.percentage > 0 && row.percentage < 1)).toBe(true);
      for (const row of rows)
        expect({ percentage: row.percentage, progress: row.progress }).toEqual(byRule(row));
      expect(readMeta(db, 'achievement_rule')).toBe(achievementFingerprint());
    } finally {
      db.close();
    }
  });

  it('are left alone when the database already holds this rule’s figures', () => {
    const db = openDatabase(file);
    try {
      expect(storeAchievementByRule(db)).toBe(0);
      db.exec('UPDATE account_promotions SET progress = 7');
      expect(storeAchievementByRule(db)).toBe(0);
      expect(storedRows(db).every((row) => row.progress === 7)).toBe(true);
    } finally {
      db.close();
    }
  });
});
