import { describe, expect, it } from 'vitest';
import { CUSTOMER_NOTIFICATION_KINDS, NOTIFICATION_CHANNELS } from '../notifications/notifications.contract';
import {
  preferencesUpdateSchema,
  subscribeSchema,
  unsubscribeSchema,
  type PushSubscriptionJson,
} from '../api/notifications.schema';

/** `count` bytes of 0xfb, base64url without padding (0xfb makes the '-' and '_' of base64url). */
const bytes = (count: number) =>
  btoa(String.fromCharCode(...new Uint8Array(count).fill(0xfb)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const subscription = (keys: PushSubscriptionJson['keys']): PushSubscriptionJson => ({
  endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
  expirationTime: null,
  keys,
});

describe('the subscription a device hands over', () => {
  it('takes a P-256 key of 65 bytes and a secret of 16, padded or not, as browsers send them', () => {
    for (const pad of ['', '=']) {
      const keys = { p256dh: bytes(65) + pad, auth: bytes(16) + pad + pad };
      expect(subscribeSchema.safeParse({ subscription: subscription(keys) }).success).toBe(true);
    }
  });

  it('refuses keys of another length or outside base64url, naming the field and the rule', () => {
    const refusals = [
      { p256dh: bytes(64), auth: bytes(16) },
      { p256dh: bytes(65), auth: bytes(17) },
      { p256dh: bytes(65).replace(/.$/, '+'), auth: bytes(16) },
      { p256dh: `${bytes(65)}=`.repeat(2), auth: bytes(16) },
      { p256dh: '', auth: bytes(16) },
    ];
    for (const keys of refusals) {
      const result = subscribeSchema.safeParse({ subscription: subscription(keys) });
      expect(result.success, JSON.stringify(keys)).toBe(false);
      expect(result.error?.issues[0]?.message).toMatch(/^Must be (65|16) bytes, base64url$/);
    }
  });

  it('refuses fields the contract does not have', () => {
    const keys = { p256dh: bytes(65), auth: bytes(16) };
    expect(subscribeSchema.safeParse({ subscription: { ...subscription(keys), extra: 1 } }).success).toBe(
      false,
    );
    expect(unsubscribeSchema.safeParse({ endpoint: 'https://push.example/1', user: 'u' }).success).toBe(
      false,
    );
  });
});

describe('a change of notification choices', () => {
  it('takes every kind on each of its channels, and the app badge alone', () => {
    const choices = CUSTOMER_NOTIFICATION_KINDS.flatMap((kind) =>
      NOTIFICATION_CHANNELS[kind].map((channel) => ({ kind, channel, on: true })),
    );
    expect(preferencesUpdateSchema.safeParse({ choices }).success).toBe(true);
    expect(preferencesUpdateSchema.safeParse({ appBadge: true }).success).toBe(true);
  });

  it('refuses a kind the app does not have', () => {
    const choices = [{ kind: 'target-missed', channel: 'push', on: true }];
    expect(preferencesUpdateSchema.safeParse({ choices }).success).toBe(false);
  });
});
