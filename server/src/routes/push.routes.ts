import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../http/app-context';
import { contractBody, contractCaller } from '../http/contract';
import { badRequest } from '../http/errors';
import { enforce, type Throttle } from '../http/throttle';
import { endpointRefusal } from '../notifications/push/push-endpoints';

/**
 * Web Push (docs/decisions/041-web-push-delivery.md): the VAPID public key a browser subscribes
 * with, and the signed-in user's subscriptions, under the notification routes' per-address
 * throttle. An endpoint off the known push services is refused, so no subscription can make the
 * server call an address of its choosing.
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
    const refusal = endpointRefusal(subscription.endpoint, ctx.pushEndpoints);
    if (refusal) throw badRequest(`subscription.endpoint: ${refusal}`);
    ctx.push.subscribe(user.id, subscription, ctx.now());
    return { ok: true };
  });

  app.post('/notifications/unsubscribe', async (request, reply) => {
    const user = contractCaller(ctx, request, reply, 'POST /notifications/unsubscribe');
    await enforce(request, [perAddress], 'changes to notifications');
    const { endpoint } = contractBody(request, 'POST /notifications/unsubscribe');
    ctx.push.unsubscribe(user.id, endpoint);
    return { ok: true };
  });
}
