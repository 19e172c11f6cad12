import { errorMessage } from '@promo/domain/http/http-client';
import {
  notificationsOffered,
  type NotificationChannel,
  type NotificationKind,
} from '@promo/domain/notifications/notifications.contract';
import type { NotificationChoice, NotificationPreferences } from '@promo/domain/api/notifications.schema';
import type { SignedInRole } from '@promo/domain/types';
import {
  notificationQueries,
  notificationMutations,
} from '@promo/domain/notifications/notifications.queries';
import { Button } from '@promo/ui/button';
import { useNotify } from '@promo/ui/notifications';
import { queryGate } from '@promo/ui/query-error';
import { OfflineActionNotice, offlineAction } from '@promo/ui/server-action';
import { useMutation, useQuery } from '@promo/domain/query';
import { useId, useState, type FormEvent } from 'react';
import styles from './notification-settings.module.css';
import { ThisDevice } from './this-device';

/** Each kind in plain words (docs/product-rules.md, "Notifications"). */
const KIND_LABELS: Readonly<Record<NotificationKind, { label: string; hint: string }>> = {
  'target-unlocked': {
    label: 'You unlock a target',
    hint: 'When your spend reaches a target and a reward is yours to choose.',
  },
  'target-near': {
    label: 'A target is within reach',
    hint: 'When you are close to your next target, with what a day gets you there.',
  },
  'choice-closing': {
    label: 'Reward choices close soon',
    hint: 'Three days before reward choices lock, while a reward is still to choose.',
  },
  'promotion-ending': {
    label: 'A promotion ends soon',
    hint: 'In its last five trading days, while no target is reached.',
  },
  'weekly-digest': {
    label: 'Weekly summary of your customers',
    hint: 'Monday morning: customers who slipped behind, joined or unlocked a target.',
  },
  'customer-unlocked': {
    label: 'A customer unlocks a target',
    hint: 'When one of your customers reaches a target.',
  },
};

const CHANNEL_LABELS: Readonly<Record<NotificationChannel, string>> = {
  push: 'Push notification',
  email: 'E-mail',
};

const BADGE_LABEL = "Show on the app's icon how many rewards are waiting to be chosen";
const PREFERENCES_SAVED = 'Your notification choices have been saved.';
const PREFERENCES_FAILED = 'Your notification choices could not be saved. Please try again.';
const PREFERENCES_LOAD_FAILED = 'Your notification choices could not be loaded';
const NOTHING_TO_CHOOSE = 'There are no notifications to choose from for your account.';

const isOn = (choices: readonly NotificationChoice[], kind: NotificationKind, channel: NotificationChannel) =>
  choices.some((choice) => choice.kind === kind && choice.channel === channel && choice.on);

function withChoice(
  preferences: NotificationPreferences,
  kind: NotificationKind,
  channel: NotificationChannel,
  on: boolean,
): NotificationPreferences {
  const others = preferences.choices.filter((choice) => choice.kind !== kind || choice.channel !== channel);
  return { ...preferences, choices: [...others, { kind, channel, on }] };
}

/**
 * My Account's "Notifications" (docs/product-rules.md, "Notifications"): what the user is told,
 * per kind and channel, all off until chosen; the app badge (customers); and push on this device.
 * The choices are a draft until saved: a save refused offline, or failed, keeps them on screen.
 */
export function NotificationSettings({
  role,
  headingLevel: Heading = 'h3',
}: {
  role: SignedInRole;
  headingLevel?: 'h2' | 'h3';
}) {
  const headingId = useId();
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <Heading id={headingId} className={styles.heading}>
        Notifications
      </Heading>
      <Choices role={role} />
      <ThisDevice headingLevel={Heading === 'h2' ? 'h3' : 'h4'} />
    </section>
  );
}

function Choices({ role }: { role: SignedInRole }) {
  const id = useId();
  const notify = useNotify();
  const preferences = useQuery(notificationQueries.preferences());
  const [draft, setDraft] = useState<NotificationPreferences | undefined>(undefined);
  // Offline, or cut off on the way: the form says so and keeps the choices (OfflineActionNotice).
  const save = useMutation(
    offlineAction(notificationMutations.savePreferences(), {
      onSuccess: (saved) => {
        setDraft(undefined);
        notify('success', PREFERENCES_SAVED);
        // The customer's pages set the badge while it is on; turned off, it goes now.
        if (!saved.appBadge && 'clearAppBadge' in navigator) navigator.clearAppBadge().catch(() => undefined);
      },
      onFailure: (error) => notify('error', errorMessage(error, PREFERENCES_FAILED)),
    }),
  );

  const gate = queryGate({ preferences }, { failedTitle: PREFERENCES_LOAD_FAILED });
  if (!gate.ready) return gate.element;
  const stored = gate.data.preferences;

  const shown = draft ?? stored;
  const kinds = notificationsOffered(role)
    .map(({ kind, channels }) => ({
      kind,
      // Only what the server says this user can choose.
      channels: channels.filter((channel) =>
        stored.choices.some((choice) => choice.kind === kind && choice.channel === channel),
      ),
    }))
    .filter(({ channels }) => channels.length > 0);
  if (kinds.length === 0) return <p>{NOTHING_TO_CHOOSE}</p>;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const choices = kinds.flatMap(({ kind, channels }) =>
      channels.map((channel) => ({ kind, channel, on: isOn(shown.choices, kind, channel) })),
    );
    save.mutate({ choices, ...(role === 'customer' ? { appBadge: shown.appBadge } : {}) });
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} aria-busy={save.isPending}>
      <p className={styles.intro}>
        Choose what we tell you about, and how. Everything is off until you turn it on.
      </p>
      {kinds.map(({ kind, channels }) => (
        <fieldset key={kind} className={styles.kind} aria-describedby={`${id}-${kind}-hint`}>
          <legend className={styles.legend}>{KIND_LABELS[kind].label}</legend>
          <p id={`${id}-${kind}-hint`} className={styles.hint}>
            {KIND_LABELS[kind].hint}
          </p>
          <div className={styles.channels}>
            {channels.map((channel) => (
              <label key={channel} className={styles.toggle}>
                <input
                  type="checkbox"
                  role="switch"
                  checked={isOn(shown.choices, kind, channel)}
                  onChange={(event) => setDraft(withChoice(shown, kind, channel, event.target.checked))}
                />
                {CHANNEL_LABELS[channel]}
              </label>
            ))}
          </div>
        </fieldset>
      ))}
      {role === 'customer' ? (
        <fieldset className={styles.kind}>
          <legend className={styles.legend}>App badge</legend>
          <label className={styles.toggle}>
            <input
              type="checkbox"
              role="switch"
              checked={shown.appBadge}
              onChange={(event) => setDraft({ ...shown, appBadge: event.target.checked })}
            />
            {BADGE_LABEL}
          </label>
        </fieldset>
      ) : null}
      <div className={styles.actions}>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save'}
        </Button>
      </div>
      <OfflineActionNotice error={save.error} />
    </form>
  );
}
