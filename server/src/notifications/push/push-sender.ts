import type { DeclarativePushPayload } from '@promo/domain/notifications/notifications.contract';
import webPush from 'web-push';
import type { PushSender } from '../notify-job';
import { checkedEndpoint, type PushEndpointPolicy } from './push-endpoints';
import type { PushStore, StoredSubscription } from './push-store';

/** How long a push service keeps a message for a device that is off: a day, then it is stale. */
const TTL_SECONDS = 24 * 60 * 60;
/** How long one push service may take to answer before that send counts as failed. */
const SEND_TIMEOUT_MS = 10_000;

export interface PushSenderOptions extends PushEndpointPolicy {
  store: PushStore;
  now: () => number;
  /** VAPID's contact, a mailto: or https: URL the push services may write to. */
  subject: string;
}

export type SendOutcome = 'delivered' | 'removed' | 'failed';

/**
 * Web Push delivery (docs/decisions/041-web-push-delivery.md): each message encrypted for the
 * subscription (RFC 8291, aes128gcm) and signed with the server's VAPID key (RFC 8292) by
 * `web-push`'s generateRequestDetails, then POSTed with fetch. web-push's own sendNotification
 * speaks https only, and the tests' push receiver is plain http on loopback. A 404 or 410 means the
 * browser dropped the subscription: it is removed. Other failures are counted, never thrown.
 */
export function createPushSender(options: PushSenderOptions): PushSender & {
  send(subscription: StoredSubscription, payload: DeclarativePushPayload): Promise<SendOutcome>;
} {
  async function send(
    subscription: StoredSubscription,
    payload: DeclarativePushPayload,
  ): Promise<SendOutcome> {
    // Checked again as it goes: the host list may have changed since the browser subscribed.
    const { href, refusal } = checkedEndpoint(subscription.endpoint, options);
    if (refusal !== undefined) {
      console.warn(`Push not sent to a refused endpoint: ${refusal}`);
      return 'failed';
    }
    const keys = options.store.vapidKeys(options.now());
    try {
      const details = webPush.generateRequestDetails(subscription, JSON.stringify(payload), {
        vapidDetails: { subject: options.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
        TTL: TTL_SECONDS,
        urgency: 'normal',
        contentEncoding: 'aes128gcm',
      });
      // To the URL as checked, not as stored: the same parse, so what was judged is what is called.
      const response = await fetch(href, {
        method: details.method,
        headers: details.headers as Record<string, string>,
        body: details.body,
        redirect: 'error',
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
      if (response.status === 404 || response.status === 410) {
        options.store.forget(subscription.endpoint);
        return 'removed';
      }
      if (!response.ok) {
        console.warn(
          `A push service answered ${response.status} for ${new URL(subscription.endpoint).host}.`,
        );
        return 'failed';
      }
      return 'delivered';
    } catch (error) {
      console.warn('A push could not be sent:', error instanceof Error ? error.message : error);
      return 'failed';
    }
  }

  return {
    send,
    async sendToUser(userId, payload) {
      const outcomes = await Promise.all(
        options.store.subscriptionsOf(userId).map((subscription) => send(subscription, payload)),
      );
      return {
        delivered: outcomes.filter((outcome) => outcome === 'delivered').length,
        removed: outcomes.filter((outcome) => outcome === 'removed').length,
      };
    },
  };
}
