// Brings in @fastify/cookie's typings for request.cookies and reply.setCookie.
import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from './app-context';
import { SESSION_TTL_MS } from '../auth/session-store';
import type { User } from '../users/user-store';
import { forbidden, unauthorized } from './errors';

const SESSION_COOKIE = 'ezy_sid';

type SignedInRole = User['role'];

// One lookup per request, however many helpers ask.
const resolved = new WeakMap<FastifyRequest, User | null>();

function cookieOptions(ctx: AppContext) {
  return { httpOnly: true, sameSite: 'lax', path: '/', secure: ctx.secureCookies } as const;
}

/** The raw session id the browser sent, if any. */
export function readSessionCookie(request: FastifyRequest): string | undefined {
  return request.cookies[SESSION_COOKIE] || undefined;
}

export function setSessionCookie(ctx: AppContext, reply: FastifyReply, sessionId: string): void {
  reply.setCookie(SESSION_COOKIE, sessionId, { ...cookieOptions(ctx), maxAge: SESSION_TTL_MS / 1000 });
}

export function clearSessionCookie(ctx: AppContext, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, cookieOptions(ctx));
}

/**
 * The signed-in user, or null. A cookie naming an expired or unknown session is cleared; a session
 * whose expiry slid forward gets its cookie re-sent so the browser's copy slides too.
 */
export function currentUser(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): User | null {
  const known = resolved.get(request);
  if (known !== undefined) return known;
  const sessionId = readSessionCookie(request);
  let user: User | null = null;
  if (sessionId) {
    const session = ctx.sessions.resolve(sessionId, ctx.now());
    user = session ? (ctx.users.get(session.userId) ?? null) : null;
    if (!user) clearSessionCookie(ctx, reply);
    else if (session?.renewed) setSessionCookie(ctx, reply, sessionId);
  }
  resolved.set(request, user);
  return user;
}

/** 401 when signed out, 403 when signed in with a role the call is not for. */
export function requireUser(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  roles: readonly SignedInRole[] = ['customer', 'rep'],
): User {
  const user = currentUser(ctx, request, reply);
  if (!user) throw unauthorized();
  if (!roles.includes(user.role)) {
    throw forbidden(
      roles.length === 1 ? `Only ${roles[0]}s can do this.` : 'You do not have access to this.',
    );
  }
  return user;
}

/** A customer together with the account they act for. */
export function requireCustomer(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
): User & { accountId: string } {
  const user = requireUser(ctx, request, reply, ['customer']);
  if (user.accountId === null) throw forbidden('Your user is not linked to an account.');
  return user as User & { accountId: string };
}

export function requireRep(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): User {
  return requireUser(ctx, request, reply, ['rep']);
}

export function forgetResolvedUser(request: FastifyRequest): void {
  resolved.delete(request);
}
