import { OFFLINE_ACTION_MESSAGE } from '@promo/ui/server-action';
import { apiCalls, apiError, mockApi, renderPage } from '@promo/ui/testing';
import type { NotificationChoice, NotificationPreferences } from '@promo/domain/api/notifications.schema';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NotificationSettings } from './notification-settings';
import type { SignedInRole } from '@promo/domain/types';

const CUSTOMER_CHOICES: NotificationChoice[] = (
  ['target-unlocked', 'target-near', 'choice-closing', 'promotion-ending'] as const
).flatMap((kind) => (['push', 'email'] as const).map((channel) => ({ kind, channel, on: false })));

const REP_CHOICES: NotificationChoice[] = [
  { kind: 'weekly-digest', channel: 'email', on: false },
  { kind: 'customer-unlocked', channel: 'push', on: false },
  { kind: 'customer-unlocked', channel: 'email', on: false },
];

const customerPreferences = (overrides: Partial<NotificationPreferences> = {}): NotificationPreferences => ({
  choices: CUSTOMER_CHOICES,
  appBadge: false,
  ...overrides,
});

/** What POST /notifications/preferences answers: the choices sent, over those held. */
function savingServer(initial: NotificationPreferences) {
  let held = initial;
  return {
    'GET /notifications/preferences': () => held,
    'POST /notifications/preferences': ({ body }: { body?: unknown }) => {
      const update = body as Partial<NotificationPreferences>;
      const choices = held.choices.map(
        (choice) =>
          update.choices?.find((sent) => sent.kind === choice.kind && sent.channel === choice.channel) ??
          choice,
      );
      held = { choices, appBadge: update.appBadge ?? held.appBadge };
      return held;
    },
  } as const;
}

const renderSettings = (role: SignedInRole = 'customer') =>
  renderPage(<NotificationSettings role={role} />, { path: '/my-account' });

const group = (name: string) => screen.getByRole('group', { name });

/** A browser with Web Push (a service worker, PushManager, Notification), answering as told. */
function stubPushBrowser({
  permission = 'default',
  answer = 'granted',
  existing = null,
}: {
  permission?: NotificationPermission;
  answer?: NotificationPermission;
  existing?: { endpoint: string } | null;
} = {}) {
  const unsubscribe = vi.fn(() => Promise.resolve(true));
  const subscription = {
    endpoint: 'https://fcm.googleapis.com/fcm/send/device-1',
    toJSON: () => ({
      endpoint: 'https://fcm.googleapis.com/fcm/send/device-1',
      expirationTime: null,
      keys: { p256dh: 'BPublicKeyOfTheDevice', auth: 'authSecret' },
    }),
    unsubscribe,
  };
  let current: typeof subscription | null = existing ? { ...subscription, ...existing } : null;
  const subscribe = vi.fn(() => {
    current = subscription;
    return Promise.resolve(subscription);
  });
  unsubscribe.mockImplementation(() => {
    current = null;
    return Promise.resolve(true);
  });
  const pushManager = { getSubscription: () => Promise.resolve(current), subscribe };
  const requestPermission = vi.fn(() => Promise.resolve(answer));
  vi.stubGlobal('PushManager', function PushManager() {});
  vi.stubGlobal('Notification', { permission, requestPermission });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: () => Promise.resolve({ pushManager }) },
  });
  return { requestPermission, subscribe, unsubscribe };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('NotificationSettings: the choices', () => {
  it("offers the customer's kinds on their channels and the app badge, all off until chosen", async () => {
    mockApi(savingServer(customerPreferences()));
    renderSettings();
    expect(await screen.findByRole('heading', { name: 'Notifications' })).toBeVisible();
    const unlocked = await screen.findByRole('group', { name: 'You unlock a target' });
    expect(within(unlocked).getByRole('switch', { name: 'Push notification' })).not.toBeChecked();
    expect(within(unlocked).getByRole('switch', { name: 'E-mail' })).not.toBeChecked();
    expect(unlocked).toHaveAccessibleDescription(
      'When your spend reaches a target and a reward is yours to choose.',
    );
    for (const name of ['A target is within reach', 'Reward choices close soon', 'A promotion ends soon']) {
      expect(within(group(name)).getAllByRole('switch')).toHaveLength(2);
    }
    expect(
      within(group('App badge')).getByRole('switch', {
        name: "Show on the app's icon how many rewards are waiting to be chosen",
      }),
    ).not.toBeChecked();
    expect(screen.queryByRole('group', { name: 'Weekly summary of your customers' })).not.toBeInTheDocument();
  });

  it("offers the rep's kinds, the digest by e-mail only, and no badge", async () => {
    mockApi(savingServer({ choices: REP_CHOICES, appBadge: false }));
    renderSettings('rep');
    const digest = await screen.findByRole('group', { name: 'Weekly summary of your customers' });
    expect(within(digest).getByRole('switch', { name: 'E-mail' })).not.toBeChecked();
    expect(within(digest).queryByRole('switch', { name: 'Push notification' })).not.toBeInTheDocument();
    expect(within(group('A customer unlocks a target')).getAllByRole('switch')).toHaveLength(2);
    expect(screen.queryByRole('group', { name: 'App badge' })).not.toBeInTheDocument();
    // The server refuses the badge from a rep (appBadge: 400), so the save must not carry it.
    await userEvent.click(within(digest).getByRole('switch', { name: 'E-mail' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your notification choices have been saved.')).toBeVisible();
    const [sent] = apiCalls.bodies<NotificationPreferences>('POST /notifications/preferences');
    expect(sent).not.toHaveProperty('appBadge');
    expect(sent?.choices.filter((choice) => choice.on)).toEqual([
      { kind: 'weekly-digest', channel: 'email', on: true },
    ]);
  });

  it('saves the choices, says so, and shows what the server kept', async () => {
    mockApi(savingServer(customerPreferences()));
    renderSettings();
    await userEvent.click(
      within(await screen.findByRole('group', { name: 'You unlock a target' })).getByRole('switch', {
        name: 'Push notification',
      }),
    );
    await userEvent.click(within(group('App badge')).getByRole('switch'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your notification choices have been saved.')).toBeVisible();
    const [sent] = apiCalls.bodies<NotificationPreferences>('POST /notifications/preferences');
    expect(sent?.appBadge).toBe(true);
    expect(sent?.choices).toHaveLength(8);
    expect(sent?.choices.filter((choice) => choice.on)).toEqual([
      { kind: 'target-unlocked', channel: 'push', on: true },
    ]);
    expect(
      within(group('You unlock a target')).getByRole('switch', { name: 'Push notification' }),
    ).toBeChecked();
  });

  it('offline: refuses with the reason, sends nothing and keeps the unsaved choices', async () => {
    mockApi(savingServer(customerPreferences()));
    renderSettings();
    const email = within(await screen.findByRole('group', { name: 'Reward choices close soon' })).getByRole(
      'switch',
      { name: 'E-mail' },
    );
    await userEvent.click(email);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(OFFLINE_ACTION_MESSAGE)).toBeVisible();
    expect(apiCalls.bodies('POST /notifications/preferences')).toHaveLength(0);
    expect(email).toBeChecked();
  });

  it('a refused save says why and keeps the choices', async () => {
    mockApi({
      'GET /notifications/preferences': customerPreferences(),
      'POST /notifications/preferences': apiError(400, 'choices.0: Not offered to this role'),
    });
    renderSettings();
    const push = within(await screen.findByRole('group', { name: 'A promotion ends soon' })).getByRole(
      'switch',
      {
        name: 'Push notification',
      },
    );
    await userEvent.click(push);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('choices.0: Not offered to this role')).toBeVisible();
    expect(push).toBeChecked();
  });

  it('says when the choices could not be loaded, with a way to try again', async () => {
    mockApi({ 'GET /notifications/preferences': HttpResponse.error() });
    renderSettings();
    expect(
      await screen.findByRole('heading', { name: 'Your notification choices could not be loaded' }),
    ).toBeVisible();
    mockApi(savingServer(customerPreferences()));
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('group', { name: 'You unlock a target' })).toBeVisible();
  });

  it('says when there is nothing to choose', async () => {
    mockApi({ 'GET /notifications/preferences': { choices: [], appBadge: false } });
    renderSettings();
    expect(
      await screen.findByText('There are no notifications to choose from for your account.'),
    ).toBeVisible();
  });
});

describe('NotificationSettings: this device', () => {
  const device = () => screen.getByRole('region', { name: 'This device' });

  it('asks for permission only from the tap, subscribes with the server key and hands it over', async () => {
    const browser = stubPushBrowser();
    mockApi({
      ...savingServer(customerPreferences()),
      // 65 bytes of an uncompressed P-256 point, base64url.
      'GET /notifications/config': { vapidPublicKey: `B${'A'.repeat(86)}` },
      'POST /notifications/subscribe': { ok: true },
    });
    renderSettings();
    const button = await screen.findByRole('button', { name: 'Turn on notifications on this device' });
    expect(within(device()).getByRole('status')).toHaveTextContent('Notifications are off for this device.');
    expect(browser.requestPermission).not.toHaveBeenCalled();
    await userEvent.click(button);
    expect(
      await screen.findByRole('button', { name: 'Turn off notifications on this device' }),
    ).toBeVisible();
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    const [options] = browser.subscribe.mock.calls[0] as unknown as [PushSubscriptionOptionsInit];
    expect(options.userVisibleOnly).toBe(true);
    expect((options.applicationServerKey as Uint8Array).length).toBe(65);
    expect(apiCalls.bodies('POST /notifications/subscribe')).toEqual([
      {
        subscription: {
          endpoint: 'https://fcm.googleapis.com/fcm/send/device-1',
          expirationTime: null,
          keys: { p256dh: 'BPublicKeyOfTheDevice', auth: 'authSecret' },
        },
      },
    ]);
    expect(within(device()).getByRole('status')).toHaveTextContent('Notifications are on for this device.');
  });

  it('turns it off on the server and in the browser', async () => {
    const browser = stubPushBrowser({
      permission: 'granted',
      existing: { endpoint: 'https://fcm.googleapis.com/fcm/send/old' },
    });
    mockApi({ ...savingServer(customerPreferences()), 'POST /notifications/unsubscribe': { ok: true } });
    renderSettings();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Turn off notifications on this device' }),
    );
    expect(await screen.findByRole('button', { name: 'Turn on notifications on this device' })).toBeVisible();
    expect(apiCalls.bodies('POST /notifications/unsubscribe')).toEqual([
      { endpoint: 'https://fcm.googleapis.com/fcm/send/old' },
    ]);
    expect(browser.unsubscribe).toHaveBeenCalledTimes(1);
  });

  it('offline: asks nothing, refuses with the reason', async () => {
    const browser = stubPushBrowser();
    mockApi(savingServer(customerPreferences()));
    renderSettings();
    const button = await screen.findByRole('button', { name: 'Turn on notifications on this device' });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await userEvent.click(button);
    expect(await within(device()).findByRole('alert')).toHaveTextContent(OFFLINE_ACTION_MESSAGE);
    expect(browser.requestPermission).not.toHaveBeenCalled();
    expect(browser.subscribe).not.toHaveBeenCalled();
  });

  it('a server that refuses the subscription leaves the device off, in the browser too', async () => {
    const browser = stubPushBrowser();
    mockApi({
      ...savingServer(customerPreferences()),
      'GET /notifications/config': { vapidPublicKey: `B${'A'.repeat(86)}` },
      'POST /notifications/subscribe': apiError(400, 'subscription.endpoint: Not a known push service'),
    });
    renderSettings();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Turn on notifications on this device' }),
    );
    expect(await screen.findByText('subscription.endpoint: Not a known push service')).toBeVisible();
    expect(browser.unsubscribe).toHaveBeenCalledTimes(1);
    // The message is drawn before the attempt ends, so the button comes back a moment later.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Turn on notifications on this device' })).toBeEnabled(),
    );
  });

  it('says when the prompt was answered no, and how to change it', async () => {
    stubPushBrowser({ answer: 'denied' });
    mockApi(savingServer(customerPreferences()));
    renderSettings();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Turn on notifications on this device' }),
    );
    const status = within(device()).getByRole('status');
    await waitFor(() =>
      expect(status).toHaveTextContent('Notifications are blocked for Ezy Rewards in this browser.'),
    );
    expect(status).toHaveTextContent("open this site's settings");
    expect(screen.queryByRole('button', { name: /notifications on this device/ })).not.toBeInTheDocument();
  });

  it('says when permission was denied before', async () => {
    stubPushBrowser({ permission: 'denied' });
    mockApi(savingServer(customerPreferences()));
    renderSettings();
    expect(
      await within(await screen.findByRole('region', { name: 'This device' })).findByRole('status'),
    ).toHaveTextContent('Notifications are blocked for Ezy Rewards in this browser.');
  });

  it('on an iPhone in the browser, explains adding to the Home Screen instead of a button', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.4 Mobile/15E148 Safari/604.1',
    );
    mockApi(savingServer(customerPreferences()));
    renderSettings();
    const status = within(await screen.findByRole('region', { name: 'This device' })).getByRole('status');
    expect(status).toHaveTextContent(
      'On iPhone and iPad, notifications come only to Ezy Rewards on your Home Screen.',
    );
    expect(
      within(status)
        .getAllByRole('listitem')
        .map((step) => step.textContent),
    ).toEqual([
      'Tap Share (the square with an arrow) in Safari.',
      'Tap Add to Home Screen, then Add.',
      'Open Ezy Rewards from your Home Screen, sign in and come back to My Account to turn notifications on.',
    ]);
    expect(screen.queryByRole('button', { name: /notifications on this device/ })).not.toBeInTheDocument();
  });

  it('says so where the browser has no Web Push', async () => {
    mockApi(savingServer(customerPreferences()));
    renderSettings();
    expect(
      within(await screen.findByRole('region', { name: 'This device' })).getByRole('status'),
    ).toHaveTextContent('This browser cannot show notifications from Ezy Rewards.');
  });
});
