import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../http/app-context';
import { contractBody, contractCaller, readSessionCookie } from '../http/contract';
import { badRequest } from '../http/errors';
import { enforce, type Throttle } from '../http/throttle';
import { checkedEndpoint } from '../notifications/push/push-endpoints';
import { p256dhRefusal } from '../notifications/push/push-keys';

/**
 * Web Push (docs/decisions/041-web-push-delivery.md): the VAPID public key a browser subscribes
 * with, and the signed-in user's subscriptions, under the notification routes' per-address
 * throttle. An endpoint off the known push services is refused, so no subscription can make the
 * server call an address of its choosing; it is kept as the URL parser reads it, the form the
 * sender posts to. A key no message can be encrypted to is refused too.
 */
export function registerPushRoutes(app: FastifyInstance, ctx: AppContext, perAddress: Throttle): void {
  app.get('/notifications/config', async (_request, reply) => {
    reply.header('Cache-Control', 'public, max-age=300');
    return { vapidPublicKey: ctx.push.vapidKeys(ctx.now()).publicKey };
  });

  app.post('/notifications/subscribe', async (request, reply) => {
    const user = contractCaller(ctx, request, reply, 'POST /notifications/subscribe');
    await enforce(request, [perAddress], 'changes to notifications');
    const { subscription } = contractBody(request, 'POST /notifications/subscribe');
    const { href, refusal } = checkedEndpoint(subscription.endpoint, ctx.pushEndpoints);
    if (refusal !== undefined) throw badRequest(`subscription.endpoint: ${refusal}`);
    const keyRefusal = p256dhRefusal(subscription.keys.p256dh);
    if (keyRefusal) throw badRequest(`subscription.keys.p256dh: ${keyRefusal}`);
    // The caller is signed in, so the request carries its session's cookie.
    const sessionId = readSessionCookie(request) ?? '';
    ctx.push.subscribe(user.id, { ...subscription, endpoint: href }, sessionId, ctx.now());
    return { ok: true };
  });

  app.post('/notifications/unsubscribe', async (request, reply) => {
    const user = contractCaller(ctx, request, reply, 'POST /notifications/unsubscribe');
    await enforce(request, [perAddress], 'changes to notifications');
    const { endpoint } = contractBody(request, 'POST /notifications/unsubscribe');
    // Kept as the URL parser reads it (subscribe above): compared in the same form.
    ctx.push.unsubscribe(user.id, URL.canParse(endpoint) ? new URL(endpoint).href : endpoint);
    return { ok: true };
  });
}
