import type { UserRecord } from '@promo/domain/types';
import { nameSchema } from '@promo/domain/validation/field.schema';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../http/app-context';
import { contractBody, contractCaller, parseInput, requireUser } from '../http/contract';
import { hashPassword } from '../auth/password-hash';
import { badRequest } from '../http/errors';
import { clientAddress, createThrottle, enforce, submittedEmail } from '../http/throttle';
import { toUserRecord } from '../users/user-store';

const BAD_VERIFY_LINK_MESSAGE = 'This verification link is not valid.';
const EXPIRED_VERIFY_LINK_MESSAGE = 'This verification link has expired.';
const BAD_RESET_LINK_MESSAGE = 'This password link is not valid or has already been used.';
const EXPIRED_RESET_LINK_MESSAGE = 'This password link has expired. Please request a new one.';

const updateUserSchema = z.object({ firstname: nameSchema.optional(), surname: nameSchema.optional() });

function query(params: Record<string, string>): string {
  return new URLSearchParams(params).toString();
}

export function registerUserRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerSignupRoutes(app, ctx);
  registerPasswordRoutes(app, ctx);
  registerUserRecordRoutes(app, ctx);
}

// Every request of registration and of a forgotten password counts, whatever the answer: each may
// send an e-mail, and the answer is the same for every address, so the limits say nothing about who
// has an account or an invitation.

/** Registration and the e-mailed verification link. */
function registerSignupRoutes(app: FastifyInstance, ctx: AppContext): void {
  const signupLimits = [
    createThrottle(app, 'signup-email', ctx.throttle.signupPerEmail, submittedEmail),
    createThrottle(app, 'signup-address', ctx.throttle.signupPerAddress, clientAddress),
  ];

  /**
   * Registration for invited customers (docs/product-rules.md "Registration"). A user is created
   * only from an open invitation for this account and this address; every other combination (no
   * invitation, an unknown customer ID, an address that already has a user) gets the same answer
   * and sends no mail, so the form tells an outsider nothing about who or what exists. An invited
   * address that registered but never verified gets its link again.
   */
  app.post('/user/signup', async (request) => {
    const body = contractBody(request, 'POST /user/signup');
    await enforce(request, signupLimits, 'registration attempts');
    const now = ctx.now();
    const invitation = ctx.invitations.find(body.customerID, body.email);
    const existing = ctx.users.findByEmail(body.email);
    const open = invitation !== undefined && invitation.usedBy === null && invitation.expiresAt > now;
    const resend = invitation?.usedBy != null && existing?.id === invitation.usedBy && !existing.verified;
    if ((!open || existing) && !resend) {
      request.log.info({ customerID: body.customerID }, 'signup without an open invitation: nothing created');
      return { ok: true };
    }
    const issued = ctx.db.transaction(() => {
      const user =
        existing ??
        ctx.users.insert({
          email: body.email,
          firstname: body.firstname,
          surname: body.surname,
          role: 'customer',
          accountId: body.customerID,
          allowedRegions: [],
          passwordHash: null,
          verified: false,
          createdAt: now,
        });
      if (!existing && !ctx.invitations.markUsed(body.customerID, body.email, user.id, now)) return undefined;
      return {
        firstname: user.firstname,
        hash: ctx.emailTokens.issue(user.id, 'verify', now),
        phash: ctx.emailTokens.issue(user.id, 'password', now),
      };
    })();
    if (!issued) return { ok: true };
    const path = `/verify-email?${query({ hash: issued.hash, phash: issued.phash, email: body.email })}`;
    ctx.outbox.send(
      {
        to: body.email,
        subject: 'Verify your email address for Ezy Rewards',
        paths: [path],
        body: (link) =>
          `Kia ora ${issued.firstname},\n\nThanks for registering for Ezy Rewards. Confirm your email address and ` +
          `choose a password here (the link works for 24 hours):\n\n${link(path)}\n\nThe Ezy Rewards team`,
      },
      now,
    );
    return { ok: true };
  });

  /** A reload of the verify page repeats the call, so a used link answers alreadyVerified (docs/product-rules.md, 'Set password'). */
  app.post('/user/verify/email', async (request) => {
    const body = contractBody(request, 'POST /user/verify/email');
    const user = ctx.users.findByEmail(body.email);
    const token = user ? ctx.emailTokens.find(user.id, body.hash, ['verify']) : undefined;
    if (!user || !token) throw badRequest(BAD_VERIFY_LINK_MESSAGE);
    if (user.verified || token.usedAt !== null) return { verified: true, alreadyVerified: true };
    if (token.expiresAt <= ctx.now()) throw badRequest(EXPIRED_VERIFY_LINK_MESSAGE);
    ctx.db.transaction(() => {
      ctx.emailTokens.consume(body.hash, ctx.now());
      ctx.users.markVerified(user.id);
    })();
    return { verified: true, alreadyVerified: false };
  });
}

/** A forgotten password's e-mailed link, and a new password from it or from the verification e-mail. */
function registerPasswordRoutes(app: FastifyInstance, ctx: AppContext): void {
  const forgotLimits = [
    createThrottle(app, 'forgot-password-email', ctx.throttle.forgotPasswordPerEmail, submittedEmail),
    createThrottle(app, 'forgot-password-address', ctx.throttle.forgotPasswordPerAddress, clientAddress),
  ];

  /** Always the same answer, so the form cannot be used to find out who has an account. */
  app.post('/user/forgot/password', async (request) => {
    const body = contractBody(request, 'POST /user/forgot/password');
    await enforce(request, forgotLimits, 'password reset requests');
    const user = ctx.users.findByEmail(body.email);
    if (user) {
      const now = ctx.now();
      const hash = ctx.emailTokens.issue(user.id, 'reset', now);
      const path = `/reset-password?${query({ hash, email: user.email })}`;
      ctx.outbox.send(
        {
          to: user.email,
          subject: 'Reset your Ezy Rewards password',
          paths: [path],
          body: (link) =>
            `Kia ora ${user.firstname},\n\nWe received a request to reset your Ezy Rewards password. Choose a new ` +
            `password here (the link works for 24 hours, once):\n\n${link(path)}\n\nIf you did not ask for this, ` +
            `you can ignore this email.\n\nThe Ezy Rewards team`,
        },
        now,
      );
    }
    return { ok: true };
  });

  /** `hash` is a forgot-password token or the phash of a signup e-mail. */
  app.post('/user/reset/password', async (request) => {
    const body = contractBody(request, 'POST /user/reset/password');
    const user = ctx.users.findByEmail(body.email);
    const token = user ? ctx.emailTokens.find(user.id, body.hash, ['reset', 'password']) : undefined;
    if (!user || !token || token.usedAt !== null) throw badRequest(BAD_RESET_LINK_MESSAGE);
    if (token.expiresAt <= ctx.now()) throw badRequest(EXPIRED_RESET_LINK_MESSAGE);
    const passwordHash = await hashPassword(body.password);
    const changed = ctx.db.transaction(() => {
      if (!ctx.emailTokens.consume(body.hash, ctx.now())) return false;
      ctx.users.setPassword(user.id, passwordHash);
      // A new password signs out every existing session of the user.
      ctx.sessions.deleteForUser(user.id);
      return true;
    })();
    if (!changed) throw badRequest(BAD_RESET_LINK_MESSAGE);
    return { ok: true };
  });
}

/** Reading and renaming users. */
function registerUserRecordRoutes(app: FastifyInstance, ctx: AppContext): void {
  /**
   * A customer reads themself; a rep themself and the customers of their regions: the contract's
   * reach refuses any other id before this runs (src/http/reach.ts). Unknown ids are left out.
   */
  app.post('/user/get', async (request): Promise<UserRecord[]> => {
    const body = contractBody(request, 'POST /user/get');
    return ctx.users.getMany(body.ids).map(toUserRecord);
  });

  /** Only the users in the rep's reach match, so the total and the pages are of those. */
  app.post('/user/search', async (request, reply) => {
    const rep = contractCaller(ctx, request, reply, 'POST /user/search');
    const body = contractBody(request, 'POST /user/search');
    const result = ctx.users.search({
      searchText: body.searchText?.trim() ?? '',
      offset: body.offset ?? 0,
      limit: body.limit ?? 10,
      reach: { repId: rep.id, accountIds: ctx.accounts.idsInRegions(rep.allowedRegions) },
    });
    return { items: result.items.map(toUserRecord), total: result.total };
  });

  app.post('/user/update', async (request, reply): Promise<UserRecord> => {
    const me = requireUser(ctx, request, reply);
    const body = parseInput(updateUserSchema, request.body);
    ctx.users.updateNames(me.id, body);
    const updated = ctx.users.get(me.id);
    if (!updated) throw badRequest('Your user no longer exists.');
    return toUserRecord(updated);
  });
}
