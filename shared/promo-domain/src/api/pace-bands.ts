// The pace bands, a fixed list of the `/api/v1` contract (api/values.ts says why it is a leaf of its own).

/**
 * Where a customer stands against the pace to their first target, in the order a summary lists
 * them (paceBand, @promo/domain/rep/rep-progress.rules): on pace (percent excess 0 % or more),
 * slipping (-10 % to 0 %), behind (below -10 %), or not joined.
 */
export const PACE_BANDS = ['on-pace', 'slipping', 'behind', 'not-joined'] as const;
export type PaceBand = (typeof PACE_BANDS)[number];
