import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  CUSTOMER_NOTIFICATION_KINDS,
  REP_NOTIFICATION_KINDS,
  type NotificationKind,
} from '@promo/domain/notifications/notifications.contract';
import type { AppContext } from '../http/app-context';
import { badRequest } from '../http/errors';
import { requireUser } from '../http/session-guard';
import { clientAddress, createThrottle, enforce } from '../http/throttle';
import { parseInput } from '../http/validation';
import { choiceRefusal } from '../notifications/notification-preferences';
import { isValidUnsubscribe, UNSUBSCRIBE_PATH } from '../notifications/unsubscribe-link';

const KINDS = [...CUSTOMER_NOTIFICATION_KINDS, ...REP_NOTIFICATION_KINDS] as [
  NotificationKind,
  ...NotificationKind[],
];

const preferencesUpdateSchema = z
  .object({
    choices: z
      .array(z.object({ kind: z.enum(KINDS), channel: z.enum(['push', 'email']), on: z.boolean() }).strict())
      .max(50)
      .optional(),
    appBadge: z.boolean().optional(),
  })
  .strict();

const unsubscribeQuerySchema = z.object({
  u: z.string().min(1, 'Required').max(100),
  k: z.enum(KINDS),
  s: z.string().min(1, 'Required').max(100),
});
const oneClickBodySchema = z.object({ 'List-Unsubscribe': z.literal('One-Click') });

function page(title: string, text: string): string {
  return `<!doctype html><html lang="en-NZ"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head><body style="font-family: system-ui, sans-serif; max-width: 480px; margin: 40px auto; padding: 0 16px"><h1>${title}</h1><p>${text}</p></body></html>`;
}

/**
 * The signed-in user's notification choices (docs/product-rules.md "Notifications"), and the
 * one-click unsubscribe link of notification e-mails (src/notifications/unsubscribe-link.ts).
 */
export function registerNotificationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const perAddress = createThrottle(
    app,
    'notifications-address',
    ctx.throttle.notificationsPerAddress,
    clientAddress,
  );

  app.get('/notifications/preferences', async (request, reply) => {
    const user = requireUser(ctx, request, reply);
    return ctx.notifications.preferences(user.id, user.role);
  });

  app.post('/notifications/preferences', async (request, reply) => {
    const user = requireUser(ctx, request, reply);
    await enforce(request, [perAddress], 'changes to notifications');
    const update = parseInput(preferencesUpdateSchema, request.body);
    for (const [index, choice] of (update.choices ?? []).entries()) {
      const refusal = choiceRefusal(user.role, choice.kind, choice.channel);
      if (refusal) throw badRequest(`choices.${index}: ${refusal}`);
    }
    ctx.notifications.update(user.id, update, ctx.now());
    return ctx.notifications.preferences(user.id, user.role);
  });

  const unsubscribe = (query: unknown) => {
    const link = parseInput(unsubscribeQuerySchema, query);
    const now = ctx.now();
    if (!isValidUnsubscribe(ctx.db, link, now) || !ctx.users.get(link.u))
      throw badRequest('s: This unsubscribe link is not valid.');
    ctx.notifications.turnEmailOff(link.u, link.k, now);
    return link.k;
  };

  // A mail client's one-click unsubscribe (RFC 8058) POSTs the form body List-Unsubscribe=One-Click.
  // The form parser lives in this route's own scope: no other route takes a form.
  void app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    scope.post(UNSUBSCRIBE_PATH.replace('/api/v1', ''), async (request) => {
      await enforce(request, [perAddress], 'unsubscribe requests');
      parseInput(oneClickBodySchema, request.body);
      unsubscribe(request.query);
      return { unsubscribed: true };
    });
  });

  // Opening the link in a browser does the same, and says so in a page a person reads.
  app.get(UNSUBSCRIBE_PATH.replace('/api/v1', ''), async (request, reply) => {
    await enforce(request, [perAddress], 'unsubscribe requests');
    const kind = unsubscribe(request.query);
    return reply
      .type('text/html; charset=utf-8')
      .send(
        page(
          'Unsubscribed',
          `You will no longer get ${kind.replace(/-/g, ' ')} e-mails from Ezy Rewards. You can turn them back on under Notifications on My Account.`,
        ),
      );
  });
}
