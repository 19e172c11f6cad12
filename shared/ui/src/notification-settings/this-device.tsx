import { errorMessage } from '@promo/domain/http/http-client';
import {
  notificationQueries,
  subscribeToPush,
  unsubscribeFromPush,
} from '@promo/domain/notifications/notifications.queries';
import {
  deniedHelp,
  pushDeviceState,
  type PushDeviceState,
} from '@promo/domain/notifications/push-device.rules';
import { Button } from '@promo/ui/button';
import { useNotify } from '@promo/ui/notifications';
import { OfflineActionNotice, offlineAction } from '@promo/ui/server-action';
import { useMutation, useQueryClient } from '@promo/domain/query';
import { useEffect, useId, useState } from 'react';
import styles from './notification-settings.module.css';
import { deviceSubscription, readPushDevice, subscribeDevice, subscriptionJson } from './push-device';

const TURN_ON = 'Turn on notifications on this device';
const TURN_OFF = 'Turn off notifications on this device';
const DEVICE_ON =
  'Notifications are on for this device. Choose which ones come here with the Push notification switches above.';
const DEVICE_OFF = 'Notifications are off for this device.';
const TURNED_ON = 'Notifications are on for this device.';
const TURNED_OFF = 'Notifications are off for this device.';
const TURN_ON_FAILED = 'Notifications could not be turned on for this device. Please try again.';
const TURN_OFF_FAILED = 'Notifications could not be turned off for this device. Please try again.';
const NOT_ALLOWED = 'Notifications were not allowed. Tap the button again when you want them.';
const DENIED = 'Notifications are blocked for Ezy Rewards in this browser.';
const UNSUPPORTED =
  'This browser cannot show notifications from Ezy Rewards. You can still have them by e-mail.';
const INSTALL_FIRST =
  'On iPhone and iPad, notifications come only to Ezy Rewards on your Home Screen. To add it:';
const INSTALL_STEPS = [
  'Tap Share (the square with an arrow) in Safari.',
  'Tap Add to Home Screen, then Add.',
  'Open Ezy Rewards from your Home Screen, sign in and come back to My Account to turn notifications on.',
] as const;

/** What the permission prompt answered, once the device is subscribed (or not). */
type TurnOnResult = 'on' | 'denied' | 'dismissed';

/** Whether this browser holds a push subscription: undefined until known, or when push is not available. */
function useDeviceSubscribed(state: PushDeviceState) {
  const [subscribed, setSubscribed] = useState<boolean | undefined>(undefined);
  useEffect(() => {
    if (state !== 'available') return;
    let live = true;
    deviceSubscription().then(
      (subscription) => {
        if (live) setSubscribed(subscription !== null);
      },
      () => {
        if (live) setSubscribed(false);
      },
    );
    return () => {
      live = false;
    };
  }, [state]);
  return [subscribed, setSubscribed] as const;
}

/**
 * Turning push on and off for this device. On asks for permission in the tap itself, subscribes
 * with the server's VAPID key and hands the subscription to the server; off tells the server first.
 */
function usePushSwitch(outcome: { onTurnedOn: (result: TurnOnResult) => void; onTurnedOff: () => void }) {
  const queryClient = useQueryClient();
  const notify = useNotify();

  const turnOn = useMutation(
    offlineAction(
      {
        mutationFn: async (permission: Promise<NotificationPermission>): Promise<TurnOnResult> => {
          const answer = await permission;
          if (answer === 'denied') return 'denied';
          if (answer !== 'granted') return 'dismissed';
          const { vapidPublicKey } = await queryClient.fetchQuery(notificationQueries.config());
          const subscription = await subscribeDevice(vapidPublicKey);
          try {
            await subscribeToPush(subscriptionJson(subscription));
          } catch (error) {
            // The server does not have it: a subscription only the browser knows would say "on" here
            // while nothing could ever arrive.
            await subscription.unsubscribe().catch(() => undefined);
            throw error;
          }
          return 'on';
        },
      },
      {
        onSuccess: (result) => {
          outcome.onTurnedOn(result);
          if (result === 'on') notify('success', TURNED_ON);
        },
        onFailure: (error) => notify('error', errorMessage(error, TURN_ON_FAILED)),
      },
    ),
  );

  const turnOff = useMutation(
    offlineAction(
      {
        // The server first: once it has forgotten the endpoint nothing more is sent, whatever the browser does.
        mutationFn: async (_: void) => {
          const subscription = await deviceSubscription();
          if (!subscription) return;
          await unsubscribeFromPush(subscription.endpoint);
          await subscription.unsubscribe();
        },
      },
      {
        onSuccess: () => {
          outcome.onTurnedOff();
          notify('success', TURNED_OFF);
        },
        onFailure: (error) => notify('error', errorMessage(error, TURN_OFF_FAILED)),
      },
    ),
  );

  return {
    turnOn: () => {
      turnOff.reset();
      // Asked here, in the tap itself (Safari allows the prompt only from a user's gesture); offline,
      // nothing is asked and the action is refused with the reason.
      const permission = navigator.onLine
        ? Notification.requestPermission()
        : Promise.resolve<NotificationPermission>('default');
      turnOn.mutate(permission);
    },
    turnOff: () => {
      turnOn.reset();
      turnOff.mutate();
    },
    pending: turnOn.isPending || turnOff.isPending,
    error: turnOn.error ?? turnOff.error,
  };
}

/** What this device can do about push, in words: why not, or whether it is on. */
function DeviceStatus({
  state,
  device,
  subscribed,
  dismissed,
}: {
  state: PushDeviceState;
  device: ReturnType<typeof readPushDevice>;
  subscribed: boolean | undefined;
  dismissed: boolean;
}) {
  return (
    <div role="status" className={styles.deviceStatus}>
      {state === 'install-first' ? (
        <>
          <p>{INSTALL_FIRST}</p>
          <ol className={styles.steps}>
            {INSTALL_STEPS.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </>
      ) : null}
      {state === 'unsupported' ? <p>{UNSUPPORTED}</p> : null}
      {state === 'denied' ? (
        <>
          <p>{DENIED}</p>
          <p>{deniedHelp(device)}</p>
        </>
      ) : null}
      {state === 'available' && subscribed !== undefined ? (
        <p>{subscribed ? DEVICE_ON : DEVICE_OFF}</p>
      ) : null}
      {state === 'available' && dismissed ? <p>{NOT_ALLOWED}</p> : null}
    </div>
  );
}

/**
 * Push on this device: "Turn on notifications on this device" asks for permission only from that
 * tap (a browser that asks on page load teaches people to say no), then subscribes with the
 * server's VAPID key and hands the subscription to the server. Where that cannot work, it says why
 * instead: an iPhone or iPad outside the Home Screen app, no Web Push, or permission denied.
 */
export function ThisDevice({ headingLevel: Heading }: { headingLevel: 'h3' | 'h4' }) {
  const headingId = useId();
  const [device] = useState(readPushDevice);
  const [state, setState] = useState<PushDeviceState>(() => pushDeviceState(device));
  const [subscribed, setSubscribed] = useDeviceSubscribed(state);
  const [dismissed, setDismissed] = useState(false);
  const push = usePushSwitch({
    onTurnedOn: (result) => {
      setDismissed(result === 'dismissed');
      if (result === 'denied') setState('denied');
      if (result === 'on') setSubscribed(true);
    },
    onTurnedOff: () => setSubscribed(false),
  });

  return (
    <section className={styles.device} aria-labelledby={headingId}>
      <Heading id={headingId} className={styles.legend}>
        This device
      </Heading>
      <DeviceStatus state={state} device={device} subscribed={subscribed} dismissed={dismissed} />
      {state === 'available' && subscribed !== undefined ? (
        <div className={styles.actions}>
          {subscribed ? (
            <Button variant="secondary" onClick={push.turnOff} disabled={push.pending}>
              {TURN_OFF}
            </Button>
          ) : (
            <Button onClick={push.turnOn} disabled={push.pending}>
              {TURN_ON}
            </Button>
          )}
        </div>
      ) : null}
      <OfflineActionNotice error={push.error} />
    </section>
  );
}
