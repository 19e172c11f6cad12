import type { IDToken } from 'openid-client';
import type { User, UserStore } from '../users/user-store';

/**
 * Who single sign-on lets in (docs/product-rules.md, 'Sign-in'; docs/decisions/045-openid-connect-sign-in.md):
 * a rep of Ezy Rewards whose e-mail address the provider has verified, matched without regard to
 * case; and what each person who is not let in reads.
 */

export const SSO_NOT_CONFIGURED =
  'Single sign-on is not set up on this server. Sign in with your e-mail address and password.';
export const SSO_UNAVAILABLE =
  'Single sign-on is unavailable just now: the identity provider cannot be reached. ' +
  'Please try again in a few minutes, or sign in with your e-mail address and password.';

export const SSO_REFUSALS = {
  noEmail:
    'Your identity provider did not share an e-mail address, so Ezy Rewards cannot tell which sales rep you are. ' +
    'Ask your IT team to release the email claim to Ezy Rewards.',
  unverified: (email: string) =>
    `Your identity provider has not verified the e-mail address ${email}, so Ezy Rewards cannot match it ` +
    'to a sales rep. Ask your IT team to verify it, then sign in again.',
  notInGroup:
    'Your company account is not in a group that may use Ezy Rewards. Ask your IT team to add you, then sign in again.',
  customer: (email: string) =>
    `${email} belongs to a customer. Customers sign in with their e-mail address and password, not single sign-on.`,
  noRep: (email: string) =>
    `No sales rep in Ezy Rewards has the e-mail address ${email}. If you are a sales rep, ask your ` +
    'Ezy Rewards administrator to add you with this address, then choose "Sign In with SSO" again.',
  unverifiable:
    "Single sign-on failed: the identity provider's answer could not be verified. Please try again; " +
    'if it keeps happening, tell your Ezy Rewards administrator.',
} as const;

/** The rep the ID token's claims name, or the reason they may not sign in. */
export function repOfClaims(
  claims: IDToken,
  users: UserStore,
  repGroups: readonly string[],
): { ok: true; user: User } | { ok: false; message: string } {
  const email = typeof claims.email === 'string' ? claims.email.trim() : '';
  if (email === '') return { ok: false, message: SSO_REFUSALS.noEmail };
  // Only `true` itself: a provider that leaves it out, or sends "true" as text, has not vouched.
  if (claims.email_verified !== true) return { ok: false, message: SSO_REFUSALS.unverified(email) };
  const groups = Array.isArray(claims.groups) ? claims.groups : [];
  if (repGroups.length > 0 && !repGroups.some((group) => groups.includes(group))) {
    return { ok: false, message: SSO_REFUSALS.notInGroup };
  }
  const user = users.findByEmail(email);
  if (user?.role === 'customer') return { ok: false, message: SSO_REFUSALS.customer(email) };
  if (!user) return { ok: false, message: SSO_REFUSALS.noRep(email) };
  return { ok: true, user };
}
