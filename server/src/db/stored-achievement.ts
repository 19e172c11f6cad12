import { createHash } from 'node:crypto';
import type Database from 'better-sqlite3';
import { targetSchema } from '@promo/domain/api/account.schema';
import { achievement } from '@promo/domain/promotion/target-progress.rules';
import type { Target } from '@promo/domain/types';
import { z } from 'zod';
import { readJsonColumn } from './json-column';

/**
 * account_promotions keeps each row's percentage and progress as achievement() computes them
 * (docs/product-rules.md, "Percent achieved"), so that the rep's table sorts from an index. Which
 * figures belong there is the rule's business, not the schema's: a migration runs once per database
 * and would keep figures computed by a rule that has since changed. So the rule's answers on fixed
 * cases are its fingerprint, kept in meta beside the rows it computed; a database opened with
 * another fingerprint, or none, has those two columns stored again from the rule.
 */

const FINGERPRINT_KEY = 'achievement_rule';
const targetsColumn = z.array(targetSchema);

/** A ladder and spends that land between whole percents and on, past and just short of each target. */
const PROBE_TARGETS: Target[] = [
  { targetNumber: 1, amount: 9_999 },
  { targetNumber: 2, amount: 30_001 },
];
const PROBE_SPENDS = [
  -1,
  ...Array.from({ length: 400 }, (_, index) => index * 87.37),
  9_998.99,
  9_999,
  30_001,
];

/** What the rule answers on the probes, hashed. */
export function achievementFingerprint(): string {
  const answers = PROBE_SPENDS.map((spend) => achievement(PROBE_TARGETS, spend));
  return createHash('sha256').update(JSON.stringify(answers)).digest('base64url').slice(0, 22);
}

/** Stores percentage and progress again from the rule when the database holds another rule's; the rows re-stored. */
export function storeAchievementByRule(db: Database.Database): number {
  const fingerprint = achievementFingerprint();
  const stored = db.prepare('SELECT value FROM meta WHERE key = ?').pluck().get(FINGERPRINT_KEY);
  if (stored === fingerprint) return 0;
  const rows = db
    .prepare('SELECT rowid AS id, total_spend AS totalSpend, targets FROM account_promotions')
    .all() as { id: number; totalSpend: number; targets: string }[];
  const update = db.prepare('UPDATE account_promotions SET percentage = ?, progress = ? WHERE rowid = ?');
  db.transaction(() => {
    for (const row of rows) {
      const { percentageAchieved, progress } = achievement(
        readJsonColumn(targetsColumn, row.targets, 'account_promotions.targets'),
        row.totalSpend,
      );
      update.run(percentageAchieved, progress, row.id);
    }
    db.prepare(
      'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
    ).run(FINGERPRINT_KEY, fingerprint);
  })();
  return rows.length;
}
