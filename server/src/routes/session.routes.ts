import { passwordLoginSchema, ssoLoginSchema } from '@promo/domain/api/session.schema';
import type { SessionInfo } from '@promo/domain/types';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../http/app-context';
import {
  clearSessionCookie,
  currentUser,
  forgetResolvedUser,
  parseInput,
  readSessionCookie,
  setSessionCookie,
} from '../http/contract';
import { decoyHash, verifyPassword } from '../auth/password-hash';
import { crossSiteSender } from '../http/cross-site';
import { badRequest } from '../http/errors';
import { signInThroughProvider } from './sso-sign-in';
import { createSignInThrottle } from '../http/throttle';
import type { User } from '../users/user-store';

const LOGIN_FAILED_MESSAGE = 'Invalid email or password.';
const NOT_VERIFIED_MESSAGE = 'Please verify your email address and set a password before signing in.';

const ANONYMOUS: SessionInfo = { role: 'anonymous', userid: '0' };

function sessionInfoOf(user: User): SessionInfo {
  return user.role === 'customer' && user.accountId !== null
    ? { role: 'customer', userid: user.id, accountid: user.accountId }
    : { role: user.role, userid: user.id };
}

function isSsoAttempt(body: unknown): boolean {
  return (
    typeof body === 'object' && body !== null && ('isRepSSO' in body || 'code' in body || 'state' in body)
  );
}

export function registerSessionRoutes(app: FastifyInstance, ctx: AppContext): void {
  const throttle = createSignInThrottle(app, ctx.attempts, ctx.throttle);

  /**
   * Wrong credentials are a 400, not a 401: the client sends every 401 to /logout (docs/product-rules.md, 'Session'), which
   * would throw away what the user typed.
   */
  app.post('/session/login', async (request, reply): Promise<SessionInfo> => {
    let user: User | undefined;
    let ssoIdToken: string | undefined;
    if (isSsoAttempt(request.body)) {
      const body = parseInput(ssoLoginSchema, request.body);
      const callback = new URLSearchParams({
        code: body.code,
        state: body.state,
        ...(body.iss ? { iss: body.iss } : {}),
      });
      ({ user, idToken: ssoIdToken } = await signInThroughProvider(ctx, request, reply, callback));
    } else {
      const body = parseInput(passwordLoginSchema, request.body);
      // Counted before the password is checked, so guesses sent in parallel cannot all slip in
      // under the limit; only failures stay counted (src/http/throttle.ts, createSignInThrottle).
      await throttle.admit(request);
      const found = ctx.users.findByEmail(body.email);
      const matches = await verifyPassword(body.password, found?.passwordHash ?? (await decoyHash()));
      // An address not yet verified answers a wrong password exactly as an unknown address does, so
      // a sign-in cannot tell an outsider it has an account; one without a password (its link not
      // yet followed) has no right password. Only the right password learns that the address still
      // has to be verified (docs/product-rules.md, 'Sign-in').
      const rightPassword = found !== undefined && found.passwordHash !== null && matches;
      if (!rightPassword || !found.verified) {
        await throttle.failed(request);
        throw badRequest(rightPassword ? NOT_VERIFIED_MESSAGE : LOGIN_FAILED_MESSAGE);
      }
      throttle.succeeded(request);
      user = found;
    }

    // A sign-in on a device still signed in ends that session as a sign-out would, push subscription
    // included: the device must not go on hearing about the user who was signed in before.
    const previous = readSessionCookie(request);
    if (previous) {
      ctx.push.forgetSession(previous);
      ctx.sessions.delete(previous);
    }
    forgetResolvedUser(request);
    setSessionCookie(ctx, reply, ctx.sessions.create(user.id, ctx.now(), ssoIdToken));
    return sessionInfoOf(user);
  });

  app.get('/session/get', async (request, reply): Promise<SessionInfo> => {
    const user = currentUser(ctx, request, reply);
    return user ? sessionInfoOf(user) : ANONYMOUS;
  });

  /**
   * Always succeeds, signed in or not: /logout must never bounce on a 401 of its own. A GET that
   * changes state, so it follows the cross-site policy of writes (src/http/cross-site.ts): the
   * SameSite=Lax cookie rides another site's link, image or top-level navigation, and honouring one
   * would let any page sign people out and wipe this site's storage (Clear-Site-Data). Such a
   * request changes nothing and lands on the app, which shows who is signed in.
   */
  app.get('/session/logout', async (request, reply) => {
    if (crossSiteSender(request, ctx.origins)) return reply.redirect(`${ctx.publicOrigin}/`, 303);
    const sessionId = readSessionCookie(request);
    let endSessionUrl: string | undefined;
    if (sessionId) {
      // A session begun at the OpenID provider ends there too, where it offers that: on a shared
      // device the next person must not be signed straight back in (docs/decisions/045-openid-connect-sign-in.md).
      const idToken = ctx.sessions.ssoIdTokenOf(sessionId);
      if (idToken) endSessionUrl = ctx.relyingParty?.endSessionUrl(idToken, `${ctx.publicOrigin}/login`);
      // The push subscription this session made goes with it: nothing more about this user is
      // pushed to the device, whatever its browser managed (src/notifications/push/push-store.ts).
      ctx.push.forgetSession(sessionId);
      ctx.sessions.delete(sessionId);
    }
    clearSessionCookie(ctx, reply);
    reply.header('Clear-Site-Data', '"cache", "storage"');
    return { ok: true, ...(endSessionUrl ? { endSessionUrl } : {}) };
  });
}
