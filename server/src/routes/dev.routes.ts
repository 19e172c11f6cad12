import { ASSOCIATION_STATUSES } from '@promo/domain/api/values';
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
const customerFixtureSchema = z.object({ scenario: z.enum(ASSOCIATION_STATUSES) });
const repFixtureSchema = z.object({ withSelection: z.boolean().optional() }).optional().default({});
const invitationSchema = z.object({
  customerID: customerIdSchema,
  email: emailSchema,
});

/**
 * Development-only routes (DEV_ENDPOINTS): the e-mail outbox and per-test fixtures. Not registered
 * at all when the flag is off, which it is unless set (src/http/dev-endpoints.ts; /dev/audit, in
 * audit.routes.ts, follows the same flag).
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
}
