import { z } from 'zod';

/**
 * A JSON column read back through its schema. SQLite keeps whatever text a column was given, so a
 * row written by hand, by an older build or by a migration gone wrong is an error that names the
 * column and what is wrong with it, never a value of the wrong shape travelling on through the app.
 * Each store owns the schemas of its own columns.
 */
export function readJsonColumn<S extends z.ZodType>(schema: S, text: string, column: string): z.output<S> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error(`${column} holds no JSON: ${text.slice(0, 40)}`);
  }
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue && issue.path.length > 0 ? `.${issue.path.map(String).join('.')}` : '';
  throw new Error(`${column}${where} does not hold what it should: ${issue?.message ?? 'invalid'}`);
}

/** The columns many stores share: a list of names, a record of amounts, a record of strings. */
export const stringListColumn = z.array(z.string());
export const amountsColumn = z.record(z.string(), z.number());
export const stringsColumn = z.record(z.string(), z.string());
