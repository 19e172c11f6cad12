import { z } from 'zod';
import { badRequest } from './errors';

/**
 * Parses a request body or query with a zod schema; failure is a 400 whose message names the field
 * and the reason ('email: Required'), which the client shows as its toast text.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input, {
    // zod's wording for a missing field is "expected string, received undefined": say "Required" instead.
    error: (issue) => (issue.input === undefined ? 'Required' : undefined),
  });
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (!issue) throw badRequest('body: Invalid input');
  const field = issue.path.length > 0 ? issue.path.map(String).join('.') : 'body';
  throw badRequest(`${field}: ${issue.message}`);
}
