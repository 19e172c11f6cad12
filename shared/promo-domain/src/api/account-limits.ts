// The account search's page limit, a fixed figure of the `/api/v1` contract (api/values.ts says why it is a leaf of its own).

/** The most rows one account search answers (POST /account/search's limit). */
export const ACCOUNT_SEARCH_MAX_LIMIT = 100;
