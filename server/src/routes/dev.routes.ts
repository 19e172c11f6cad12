import { customerIdSchema, emailSchema } from '@promo/domain/validation/field.schema';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../http/app-context';
import { badRequest } from '../http/errors';
import { parseInput } from '../http/contract';
import { INVITATION_TTL_DAYS } from '../users/invitation-store';
import { createCustomerFixture, createRepFixture } from '../seed/fixtures';
import { registerDevNotificationRoutes } from './dev-notifications.routes';

const outboxQuerySchema = z.object({ to: z.string().trim().max(254).optional() });
const customerFixtureSchema = z.object({ scenario: z.enum(['confirmed', 'unconfirmed', 'challenged']) });
const repFixtureSchema = z.object({ withSelection: z.boolean().optional() }).optional().default({});
const invitationSchema = z.object({
  customerID: customerIdSchema,
  email: emailSchema,
});
const authorizeQuerySchema = z.object({ state: z.string().min(1, 'Required').max(200) });

function escapeHtml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
  body { font-family: system-ui, sans-serif; max-width: 480px; margin: 40px auto; padding: 0 16px; color: #1b2631; }
  h1 { font-size: 1.4rem; } p { color: #566573; }
  ul { list-style: none; padding: 0; } li { margin: 8px 0; }
  a.button { display: block; padding: 12px 16px; border-radius: 8px; background: #1f5fa8; color: #fff; text-decoration: none; }
  a.button small { display: block; opacity: .8; }
  a.deny { background: #fff; color: #c0392b; border: 1px solid #c0392b; }
</style></head><body>${body}</body></html>`;
}

/**
 * Development-only routes (DEV_ENDPOINTS): the e-mail outbox, per-test fixtures and the identity
 * page that stands in for Auth0. Not registered at all when the flag is off, which it is unless set
 * (src/http/dev-endpoints.ts; /dev/audit, in audit.routes.ts, follows the same flag).
 */
export function registerDevRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerDevNotificationRoutes(app, ctx);

  app.get('/dev/outbox', async (request) => {
    const query = parseInput(outboxQuerySchema, request.query);
    return ctx.outbox.list(query.to || undefined);
  });

  app.post('/dev/fixtures/customer', async (request) => {
    const body = parseInput(customerFixtureSchema, request.body);
    return createCustomerFixture(ctx, body.scenario);
  });

  app.post('/dev/fixtures/rep', async (request) => {
    const body = parseInput(repFixtureSchema, request.body ?? undefined);
    return createRepFixture(ctx, body.withSelection ?? false);
  });

  /**
   * Issues an invitation to register for an account, as the back office would, and mails the invitee
   * a link to the registration form with both fields filled in (docs/product-rules.md "Registration").
   */
  app.post('/dev/invitations', async (request) => {
    const body = parseInput(invitationSchema, request.body);
    if (!ctx.accounts.exists(body.customerID)) throw badRequest(`customerID: No account ${body.customerID}`);
    const now = ctx.now();
    const invitation = ctx.invitations.issue(body.customerID, body.email, now);
    const path = `/register?${new URLSearchParams({ customerID: invitation.accountId, email: invitation.email }).toString()}`;
    ctx.outbox.send(
      {
        to: invitation.email,
        subject: 'You are invited to Ezy Rewards',
        paths: [path],
        body: (link) =>
          `Kia ora,\n\nYou are invited to register for Ezy Rewards for trade account ${invitation.accountId}. ` +
          `Register here (the invitation lasts ${INVITATION_TTL_DAYS} days):\n\n${link(path)}\n\nThe Ezy Rewards team`,
      },
      now,
    );
    return invitation;
  });

  app.get('/dev/invitations', async () => ctx.invitations.listOpen(ctx.now()));

  /**
   * The development identity page: one link per rep (each with a fresh code bound to this state) and
   * a "deny" link, all returning to the shell's /auth0/callback as an identity provider would.
   */
  app.get('/dev/sso/authorize', async (request, reply) => {
    const { state } = parseInput(authorizeQuerySchema, request.query);
    const now = ctx.now();
    reply.header('Content-Type', 'text/html; charset=utf-8').header('Cache-Control', 'no-store');
    if (!ctx.sso.isPending(state, now)) {
      return reply
        .code(400)
        .send(
          page(
            'Sign-in link expired',
            '<h1>This sign-in link has expired or was already used</h1><p>Go back to the app and choose "Sign In with SSO" again.</p>',
          ),
        );
    }
    const callback = `${ctx.publicOrigin}/auth0/callback`;
    const reps = ctx.users.listReps(50);
    const links = reps
      .map((rep) => {
        const code = ctx.sso.issueCode(state, rep.id, now);
        const href = `${callback}?${new URLSearchParams({ code, state }).toString()}`;
        return `<li><a class="button" href="${escapeHtml(href)}">${escapeHtml(`${rep.firstname} ${rep.surname}`)}<small>${escapeHtml(rep.email)}</small></a></li>`;
      })
      .join('');
    const deny = `${callback}?${new URLSearchParams({
      error: 'access_denied',
      error_description: 'The user cancelled the sign-in.',
      state,
    }).toString()}`;
    return reply.send(
      page(
        'Ezy Rewards development sign-in',
        `<h1>Development sign-in</h1><p>This page stands in for the company identity provider. Choose a sales rep to sign in as.</p>
        <ul>${links}</ul><ul><li><a class="button deny" href="${escapeHtml(deny)}">Deny access (error)</a></li></ul>`,
      ),
    );
  });
}
