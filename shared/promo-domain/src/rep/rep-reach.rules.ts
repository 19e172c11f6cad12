import type { SignedInRole } from '../types';

/**
 * Whose users and accounts a signed-in person may see or name (the contract's 'own-or-regions'
 * reach, @promo/domain/api/api-contract.ts). A customer reaches their own user and account; a rep
 * reaches themself and every account whose primary region is one of their allowedRegions, with
 * those accounts' customers. Other reps are out of every rep's reach: a rep's regions are theirs.
 * The server holds every route that names or returns users or accounts to it
 * (server/src/http/reach.ts); the rep's screens only ever offer the allowed regions.
 */

/** The person asking, as the session names them. */
export interface Reacher {
  id: string;
  role: SignedInRole;
  /** Customers: the account they act for. */
  accountId: string | null;
  /** Reps: the regions they may see. */
  allowedRegions: readonly string[];
}

/** An account, by what its reach depends on. */
export interface ReachedAccount {
  id: string;
  primaryRegion: string;
}

/** A user, with the primary region of the account a customer acts for (null: none). */
export interface ReachedUser {
  id: string;
  role: SignedInRole;
  accountId: string | null;
  primaryRegion: string | null;
}

export function canReachAccount(reacher: Reacher, account: ReachedAccount): boolean {
  if (reacher.role === 'customer') return account.id === reacher.accountId;
  return reacher.allowedRegions.includes(account.primaryRegion);
}

export function canReachUser(reacher: Reacher, user: ReachedUser): boolean {
  if (user.id === reacher.id) return true;
  if (reacher.role === 'customer' || user.role !== 'customer') return false;
  return user.primaryRegion !== null && reacher.allowedRegions.includes(user.primaryRegion);
}
