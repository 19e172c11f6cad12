import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IDToken } from 'openid-client';
import type { AppContext } from '../http/app-context';
import { API_PREFIX, cookieOptions } from '../http/contract';
import { badRequest, HttpError } from '../http/errors';
import { SSO_ROUND_TRIP_TTL_MS } from '../auth/sso-store';
import type { User, UserStore } from '../users/user-store';
import { describe } from './relying-party';

/**
 * Who single sign-on lets in (docs/product-rules.md, 'Sign-in'; docs/decisions/045-openid-connect-sign-in.md):
 * a rep of Ezy Rewards whose e-mail address the provider has verified, matched without regard to case.
 */

/** The browser's half of a round trip's binding: sent only to the sign-in that finishes it. */
const SSO_BROWSER_COOKIE = 'ezy_sso';
const SSO_COOKIE_PATH = `${API_PREFIX}/session/login`;

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

export function setSsoBrowserCookie(ctx: AppContext, reply: FastifyReply, secret: string): void {
  reply.setCookie(SSO_BROWSER_COOKIE, secret, {
    ...cookieOptions(ctx, reply),
    path: SSO_COOKIE_PATH,
    maxAge: SSO_ROUND_TRIP_TTL_MS / 1000,
  });
}

/** The rep the ID token's claims name, or the reason they may not sign in. */
function repOfClaims(
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

/**
 * Finishes the round trip the callback page reports (`callback`: the query the provider sent it),
 * and returns the rep it signs in with the ID token for signing out. Every refusal is a 400 whose
 * message the callback page shows under "Authentication Error".
 */
export async function signInThroughProvider(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  callback: URLSearchParams,
): Promise<{ user: User; idToken: string }> {
  const rp = ctx.relyingParty;
  if (!rp) throw new HttpError(503, SSO_NOT_CONFIGURED);
  if (!rp.isReady) throw new HttpError(503, SSO_UNAVAILABLE);
  const browserSecret = request.cookies[SSO_BROWSER_COOKIE] || undefined;
  reply.clearCookie(SSO_BROWSER_COOKIE, { ...cookieOptions(ctx, reply), path: SSO_COOKIE_PATH });
  const redemption = ctx.sso.redeem(callback.get('state') ?? '', browserSecret, ctx.now());
  if (!redemption.ok) throw badRequest(redemption.message);
  let identity;
  try {
    identity = await rp.finish(callback, redemption.checks);
  } catch (error) {
    request.log.warn(`Single sign-on: the provider's answer was refused: ${describe(error)}`);
    throw badRequest(SSO_REFUSALS.unverifiable);
  }
  const admission = repOfClaims(identity.claims, ctx.users, rp.settings.repGroups);
  if (!admission.ok) throw badRequest(admission.message);
  return { user: admission.user, idToken: identity.idToken };
}
