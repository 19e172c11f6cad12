/**
 * The account routes' limits that the client needs too, apart from their schemas
 * (account-requests.schema.ts) so that no browser bundle takes zod with them.
 */

/** The most rows one account search answers (POST /account/search's limit). */
export const ACCOUNT_SEARCH_MAX_LIMIT = 100;
