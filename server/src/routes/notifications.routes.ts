import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { NOTIFICATION_KINDS } from '@promo/domain/notifications/notifications.contract';
import type { AppContext } from '../http/app-context';
import { contractBody, contractCaller, parseInput } from '../http/contract';
import { badRequest } from '../http/errors';
import { clientAddress, createThrottle, enforce, type Throttle } from '../http/throttle';
import { appBadgeRefusal, choiceRefusal } from '../notifications/notification-preferences';
import { isValidUnsubscribe, UNSUBSCRIBE_PATH } from '../notifications/unsubscribe-link';
import { registerPushRoutes } from './push.routes';

const unsubscribeQuerySchema = z.object({
  u: z.string().min(1, 'Required').max(100),
  k: z.enum(NOTIFICATION_KINDS),
  s: z.string().min(1, 'Required').max(100),
});
const oneClickBodySchema = z.object({ 'List-Unsubscribe': z.literal('One-Click') });

/** A one-click form is one short field; a few kilobytes leave room for a multipart body's boundaries. */
const FORM_BODY_LIMIT = 4096;

/**
 * The text fields of a multipart/form-data body. Read by the platform's own parser (the Fetch
 * standard's Response.formData(), which Node ships), so the one route that takes such a body needs
 * no library; a body it cannot read is a 400 naming the body.
 */
async function multipartFields(body: Buffer, contentType: string): Promise<Record<string, string>> {
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(body), { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw badRequest('body: Not a readable multipart/form-data body.');
  }
  const fields: Record<string, string> = {};
  for (const [name, value] of form) if (typeof value === 'string') fields[name] = value;
  return fields;
}

function page(title: string, html: string): string {
  return `<!doctype html><html lang="en-NZ"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head><body style="font-family: system-ui, sans-serif; max-width: 480px; margin: 40px auto; padding: 0 16px"><h1>${title}</h1>${html}</body></html>`;
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
    const user = contractCaller(ctx, request, reply, 'GET /notifications/preferences');
    return ctx.notifications.preferences(user.id, user.role);
  });

  app.post('/notifications/preferences', async (request, reply) => {
    const user = contractCaller(ctx, request, reply, 'POST /notifications/preferences');
    await enforce(request, [perAddress], 'changes to notifications');
    const update = contractBody(request, 'POST /notifications/preferences');
    for (const [index, choice] of (update.choices ?? []).entries()) {
      const refusal = choiceRefusal(user.role, choice.kind, choice.channel);
      if (refusal) throw badRequest(`choices.${index}: ${refusal}`);
    }
    const badgeRefusal = update.appBadge === undefined ? undefined : appBadgeRefusal(user.role);
    if (badgeRefusal) throw badRequest(`appBadge: ${badgeRefusal}`);
    ctx.notifications.update(user.id, update, ctx.now());
    return ctx.notifications.preferences(user.id, user.role);
  });

  registerUnsubscribeRoutes(app, ctx, perAddress);
  registerPushRoutes(app, ctx, perAddress);
}

/** The one-click unsubscribe link of notification e-mails (src/notifications/unsubscribe-link.ts). */
function registerUnsubscribeRoutes(app: FastifyInstance, ctx: AppContext, perAddress: Throttle): void {
  const checkedLink = (query: unknown) => {
    const link = parseInput(unsubscribeQuerySchema, query);
    if (!isValidUnsubscribe(ctx.db, link, ctx.now()) || !ctx.users.get(link.u))
      throw badRequest('s: This unsubscribe link is not valid.');
    return link;
  };
  const kindInWords = (kind: string) => kind.replace(/-/g, ' ');

  // A mail client's one-click unsubscribe (RFC 8058) POSTs the form body List-Unsubscribe=One-Click,
  // url-encoded (as the button of the page below does) or, as the RFC recommends, as
  // multipart/form-data. The form parsers live in this route's own scope: no other route takes a form.
  void app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    scope.addContentTypeParser(
      'multipart/form-data',
      { parseAs: 'buffer', bodyLimit: FORM_BODY_LIMIT },
      (request, body, done) => {
        multipartFields(body as Buffer, request.headers['content-type'] ?? '').then(
          (fields) => done(null, fields),
          (error: Error) => done(error),
        );
      },
    );
    scope.post(UNSUBSCRIBE_PATH.replace('/api/v1', ''), async (request, reply) => {
      await enforce(request, [perAddress], 'unsubscribe requests');
      parseInput(oneClickBodySchema, request.body);
      const link = checkedLink(request.query);
      ctx.notifications.turnEmailOff(link.u, link.k, ctx.now());
      if (!request.headers.accept?.includes('text/html')) return { unsubscribed: true };
      return reply
        .type('text/html; charset=utf-8')
        .send(
          page(
            'Unsubscribed',
            `<p>You will no longer get ${kindInWords(link.k)} e-mails from Ezy Rewards. You can turn them back on under Notifications on My Account.</p>`,
          ),
        );
    });
  });

  // Opening the link shows a confirmation with a button, and changes nothing by itself: mail
  // scanners open links in messages, and must not unsubscribe anyone (RFC 8058 keeps it to POST).
  app.get(UNSUBSCRIBE_PATH.replace('/api/v1', ''), async (request, reply) => {
    const link = checkedLink(request.query);
    const action = `${UNSUBSCRIBE_PATH}?${new URLSearchParams(link).toString()}`;
    return reply
      .type('text/html; charset=utf-8')
      .send(
        page(
          'Unsubscribe',
          `<p>Stop ${kindInWords(link.k)} e-mails from Ezy Rewards?</p>` +
            `<form method="post" action="${action.replace(/&/g, '&amp;')}"><input type="hidden" name="List-Unsubscribe" value="One-Click">` +
            `<button type="submit">Unsubscribe</button></form>`,
        ),
      );
  });
}
