import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../http/app-context';
import { API_PREFIX, cookieOptions } from '../http/contract';
import { badRequest, HttpError } from '../http/errors';
import { SSO_ROUND_TRIP_TTL_MS } from '../sso/sso-store';
import type { User } from '../users/user-store';
import { describe } from '../sso/relying-party';
import { repOfClaims, SSO_NOT_CONFIGURED, SSO_REFUSALS, SSO_UNAVAILABLE } from '../sso/sso-admission';

/**
 * Single sign-on's two calls into the app (docs/decisions/045-openid-connect-sign-in.md): the
 * cookie that binds a round trip to the browser that began it (POST /auth0/get/auth/url), and the
 * sign-in that finishes it (POST /session/login { isRepSSO }). Who gets in: src/sso/sso-admission.ts.
 */

/** The browser's half of a round trip's binding: sent only to the sign-in that finishes it. */
const SSO_BROWSER_COOKIE = 'ezy_sso';
const SSO_COOKIE_PATH = `${API_PREFIX}/session/login`;

export function setSsoBrowserCookie(ctx: AppContext, reply: FastifyReply, secret: string): void {
  reply.setCookie(SSO_BROWSER_COOKIE, secret, {
    ...cookieOptions(ctx, reply),
    path: SSO_COOKIE_PATH,
    maxAge: SSO_ROUND_TRIP_TTL_MS / 1000,
  });
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
