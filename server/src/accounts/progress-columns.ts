import { targetSchema } from '@promo/domain/api/account.schema';
import { DIVISION_CODES } from '@promo/domain/api/values';
import { z } from 'zod';
import { amountsColumn, readJsonColumn } from '../db/json-column';

/**
 * The JSON columns of account_promotions and accounts, as AccountStore writes them. Both modules
 * that read those tables, the store and the rep's search (docs/decisions/046-one-module-per-table.md),
 * read them through these schemas, so a row of another shape is an error naming its column.
 */
const COLUMNS = {
  'account_promotions.targets': z.array(targetSchema),
  'account_promotions.by_division': z.partialRecord(z.enum(DIVISION_CODES), z.number()),
  'account_promotions.daily_sales_targets': z.array(z.number()),
  'account_promotions.past_progress': amountsColumn,
  'accounts.tracking_timestamps': amountsColumn,
  'branch_set_members.set_ids': z.array(z.number().int()),
} as const;

type Column = keyof typeof COLUMNS;

export function readColumn<C extends Column>(column: C, text: string): z.output<(typeof COLUMNS)[C]> {
  // The value was parsed by COLUMNS[column] itself; TypeScript cannot follow a schema looked up by key.
  const schema: z.ZodType = COLUMNS[column];
  return readJsonColumn(schema, text, column) as z.output<(typeof COLUMNS)[C]>;
}
