import { mutationOptions, queryOptions } from '@promo/domain/query';
import { http } from '@promo/domain/http/http-client';
// The calls' types are the contract's schemas', as types only (api/api-contract.ts).
import type {
  NotificationPreferencesUpdate,
  PushSubscriptionJson,
  SubscribeRequest,
  UnsubscribeRequest,
} from '../api/notifications.schema';

/** The signed-in user's notification choices, and the Web Push calls (docs/product-rules.md, "Notifications"). */

export const getNotificationPreferences = () => http.get('/notifications/preferences');

/** Choices not listed keep their value; the answer is the whole of the user's choices. */
export const saveNotificationPreferences = (update: NotificationPreferencesUpdate) =>
  http.post('/notifications/preferences', update);

export const getNotificationsConfig = () => http.get('/notifications/config');

export const subscribeToPush = (subscription: PushSubscriptionJson) =>
  http.post('/notifications/subscribe', { subscription } satisfies SubscribeRequest);

export const unsubscribeFromPush = (endpoint: string) =>
  http.post('/notifications/unsubscribe', { endpoint } satisfies UnsubscribeRequest);

/**
 * The VAPID key changes only if the server's stored keys are replaced: an hour-old copy is good
 * (the server itself lets caches keep it for 5 minutes).
 */
export const NOTIFICATIONS_CONFIG_STALE_TIME_MS = 60 * 60 * 1000;

export const notificationQueries = {
  all: () => ['notifications'] as const,
  /** The user's choices change only from My Account: fresh for as long as account data. */
  preferences: () =>
    queryOptions({
      queryKey: [...notificationQueries.all(), 'preferences'] as const,
      queryFn: getNotificationPreferences,
      staleTime: 5 * 60 * 1000,
    }),
  config: () =>
    queryOptions({
      queryKey: [...notificationQueries.all(), 'config'] as const,
      queryFn: getNotificationsConfig,
      staleTime: NOTIFICATIONS_CONFIG_STALE_TIME_MS,
    }),
};

export const notificationMutations = {
  /** The answer is the whole of the user's choices: it replaces the cached ones, with no GET after. */
  savePreferences: () =>
    mutationOptions({
      mutationKey: [...notificationQueries.all(), 'preferences'],
      mutationFn: saveNotificationPreferences,
      onSuccess: (saved, _update, _onMutate, { client }) =>
        client.setQueryData(notificationQueries.preferences().queryKey, saved),
    }),
};
