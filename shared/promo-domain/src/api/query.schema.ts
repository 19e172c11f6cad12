import { z } from 'zod';

/**
 * The query strings of the GET routes that take one, declared once: the server reads them with
 * these schemas (contractQuery in server/src/http/contract.ts), and the http client types its
 * `query` argument from them (api-contract.ts), as types only.
 */

/**
 * A list of ids: `ids=a,b` (what the client sends: http-client joins a list with commas) or
 * repeated `ids=a&ids=b`.
 */
export const idListSchema = z
  .union([z.string(), z.array(z.string())])
  .transform((value) =>
    (Array.isArray(value) ? value : [value])
      .flatMap((part) => part.split(','))
      .map((id) => id.trim())
      .filter((id) => id !== ''),
  )
  .pipe(z.array(z.string().max(200)).min(1, 'Required').max(200));

/** A number in a query string: `?x=123`. The client sends a number; the server reads text. */
const queryNumberSchema = z.union([z.number(), z.string().transform(Number)]).pipe(z.number());

/** GET /account/get, /block/get and /configuration/get: which ones. */
export const idsQuerySchema = z.object({ ids: idListSchema });

/**
 * GET /promotion/get: by ids, or by a window (ended at or after, started at or before). Both
 * forms together is a mistake the server answers with a 400.
 */
export const promotionQuerySchema = z.object({
  ids: idListSchema.optional(),
  endTimestampMoreThanEqual: queryNumberSchema.optional(),
  startTimestampLessThanEqual: queryNumberSchema.optional(),
});
