/**
 * The fixed lists the `/api/v1` contract is built from, as plain constants: the schemas beside this
 * file make their enums from them, and browser code imports them (through types.ts) without taking
 * zod. A leaf: it imports nothing, so the schemas and types.ts can both depend on it. The pace
 * bands, the search's page limit and the notification kinds are leaves of their own
 * (pace-bands.ts, account-limits.ts, notification-kinds.ts): each is imported by other screens,
 * and one module per concern lets each app's bundler place it with the code that uses it.
 */

/** Every remote, in one place (the registry, deploys, the shell's update check). */
export const REMOTE_NAMES = ['public', 'customer', 'salesrep'] as const;

/** Who signs in: a customer, acting for their account, or a sales rep (docs/product-rules.md, 'Session'). */
export const SIGNED_IN_ROLES = ['customer', 'rep'] as const;
/** A session's role: anonymous until someone signs in. */
export const ROLES = ['anonymous', ...SIGNED_IN_ROLES] as const;

/**
 * Where a customer's account confirmation stands (docs/product-rules.md, 'Account confirmation'):
 * only 'confirmed' lets them into their promotions; 'challenged' is under the team's review.
 */
export const ASSOCIATION_STATUSES = ['confirmed', 'challenged', 'unconfirmed'] as const;

/** Division codes and names, in the order the screens list them (docs/product-rules.md, 'Formats and constants'). */
export const DIVISIONS = {
  A: 'Autolign',
  B: 'BNT',
  T: 'Truck & Trailer Parts',
  '2': 'HCB/JAS',
  P: 'Precision Equipment',
  D: 'Diesel Distributors',
  N: 'NZ Brake Co',
} as const;
export type DivisionCode = keyof typeof DIVISIONS;

/**
 * The division codes in that order, as a list: Object.keys(DIVISIONS) would put '2' first, as
 * integer-like keys sort first.
 */
export const DIVISION_CODES = ['A', 'B', 'T', '2', 'P', 'D', 'N'] as const satisfies readonly DivisionCode[];

/**
 * What the account search sorts by, declared once for the rep's table, its address and the server's
 * validation. percentage: targets reached, then the fraction of the next
 * (@promo/domain/promotion/target-progress.rules); needsAttention: the amount still needed to the
 * next target (@promo/domain/rep/rep-progress.rules); name: no screen asks it.
 */
export const ACCOUNT_SORT_KEYS = ['totalSpend', 'percentage', 'name', 'needsAttention'] as const;
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
/** The summaries an account search can add to its answer (its request's `summary`). */
export const SEARCH_SUMMARIES = ['bands', 'branches'] as const;
