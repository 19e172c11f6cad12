import { createECDH, randomBytes } from 'node:crypto';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import type { DeclarativePushPayload } from '@promo/domain/notifications/notifications.contract';
import { pushPayload } from '@promo/domain/notifications/notification.rules';
import { browserLaunchOptions } from '../../scripts/ci/browser-launch';
import { PROMOTIONS, signInAsFreshCustomer } from '../support/customer';
import { origins, pushTestOrigin } from '../support/demo';
import { serviceWorkerScope } from '../support/pwa';

test.use({
  // The config blocks service workers for every other test (page.route cannot see what they answer).
  serviceWorkers: 'allow',
  viewport: { width: 390, height: 844 },
  hasTouch: true,
  // The full Chromium: the headless shell shows no notifications and reports them as denied.
  launchOptions: browserLaunchOptions(),
});
test.describe.configure({ timeout: 120_000 });

const TRACKING = `${origins.shell}/promotions/${PROMOTIONS.multiTarget}`;

/**
 * The one stand-in: this machine's browser cannot reach a push service, so PushManager.subscribe
 * answers with a subscription whose keys the test holds (at pushTestOrigin, which the server accepts
 * only as PUSH_TEST_ORIGINS with its dev endpoints on). Everything after that answer is the app's own.
 */
async function answerSubscribeWithTestKeys(page: Page): Promise<{ endpoint: string }> {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const subscription = {
    endpoint: `${pushTestOrigin}/push/e2e-${randomBytes(8).toString('hex')}`,
    expirationTime: null,
    keys: { p256dh: ecdh.getPublicKey('base64url'), auth: randomBytes(16).toString('base64url') },
  };
  await page.addInitScript((json) => {
    // Held for this document only, as the browser would hold it for the worker's registration.
    let current: PushSubscription | null = null;
    // A test that wants to see the browser drop it exposes this (page.exposeFunction).
    const dropped = (endpoint: string) =>
      (window as Window & { e2eSubscriptionDropped?: (endpoint: string) => void }).e2eSubscriptionDropped?.(
        endpoint,
      );
    PushManager.prototype.subscribe = () => {
      current = {
        endpoint: json.endpoint,
        expirationTime: null,
        toJSON: () => json,
        unsubscribe: () => {
          current = null;
          dropped(json.endpoint);
          return Promise.resolve(true);
        },
      } as unknown as PushSubscription;
      return Promise.resolve(current);
    };
    PushManager.prototype.getSubscription = () => Promise.resolve(current);
  }, subscription);
  return subscription;
}

/** Hands a push message to the worker of `scope` as a push service would (CDP ServiceWorker.deliverPushMessage). */
async function pushDelivery(context: BrowserContext, page: Page, scope: string) {
  const cdp = await context.newCDPSession(page);
  const registrationId = await new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const found = registrations.find(
        (registration) => registration.scopeURL === scope && !registration.isDeleted,
      );
      if (found) resolve(found.registrationId);
    });
    void cdp.send('ServiceWorker.enable');
  });
  return (data: string) =>
    cdp.send('ServiceWorker.deliverPushMessage', { origin: origins.shell, registrationId, data });
}

/** What the worker's registration shows, as the page reads it. */
const shownNotifications = (page: Page) =>
  page.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications()).map((notification) => ({
      title: notification.title,
      body: notification.body,
      tag: notification.tag,
      lang: notification.lang,
      icon: notification.icon,
      data: notification.data as unknown,
    })),
  );

/**
 * A click on the worker's first notification: Chromium has no way to click one from a test, so the
 * worker's own notificationclick listener gets the event the browser would dispatch, with the
 * notification it showed.
 */
async function clickFirstNotification(context: BrowserContext): Promise<void> {
  const worker = context.serviceWorkers().find((candidate) => candidate.url().startsWith(origins.shell));
  if (!worker) throw new Error('The shell worker is not running');
  await worker.evaluate(async () => {
    const scope = self as unknown as {
      registration: ServiceWorkerRegistration;
      NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
      dispatchEvent: (event: Event) => boolean;
    };
    const [notification] = await scope.registration.getNotifications();
    if (!notification) throw new Error('No notification to click');
    scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification }));
  });
}

test('a push to the shell worker shows its notification, and a click opens the tracking view', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['notifications'], { origin: origins.shell });
  await answerSubscribeWithTestKeys(page);
  const { accountId } = await signInAsFreshCustomer(page, 'confirmed');
  await page.goto('/my-account');
  const scope = await serviceWorkerScope(page);
  expect(scope).toBe(`${origins.shell}/`);

  // The button asks, subscribes and hands the subscription to the server, which validates it.
  await page.getByRole('button', { name: 'Turn on notifications on this device' }).click();
  await expect(page.getByRole('button', { name: 'Turn off notifications on this device' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'This device' }).getByRole('status')).toContainText(
    'Notifications are on for this device.',
  );

  // The message the server sends for the unlocked target (the job's own pushPayload).
  const decision = {
    kind: 'target-unlocked' as const,
    accountId,
    promotionId: PROMOTIONS.multiTarget,
    target: 2,
    title: 'Target 2 unlocked',
    body: "You've unlocked Target 2 in Tier Up Hamper Challenge. Choose your reward.",
    path: `/promotions/${PROMOTIONS.multiTarget}`,
  };
  const payload: DeclarativePushPayload = pushPayload(decision, origins.shell, 1);
  const deliver = await pushDelivery(context, page, scope);
  const shown = {
    title: 'Target 2 unlocked',
    body: "You've unlocked Target 2 in Tier Up Hamper Challenge. Choose your reward.",
    tag: payload.notification.tag,
    lang: 'en-NZ',
    icon: `${origins.shell}/icons/icon-192.png`,
    data: { navigate: TRACKING },
  };
  // On a loaded machine the first DevTools delivery once showed nothing in 30 s (the worker had to
  // start for it). A push service delivers a message again until the browser takes it, and this
  // message replaces itself by its tag, so the test hands it over again every 5 s until it shows.
  await expect
    .poll(
      async () => {
        await deliver(JSON.stringify(payload));
        return shownNotifications(page);
      },
      { timeout: 40_000, intervals: [5_000] },
    )
    .toEqual([shown]);

  // The same tag again replaces the notification; a malformed message shows nothing and breaks nothing.
  await deliver(
    JSON.stringify({
      ...payload,
      notification: { ...payload.notification, title: 'Target 2 unlocked again' },
    }),
  );
  await expect.poll(() => shownNotifications(page)).toEqual([{ ...shown, title: 'Target 2 unlocked again' }]);
  await deliver('not a Declarative Web Push message');
  await deliver(JSON.stringify({ web_push: 8030, notification: { body: 'no title' } }));
  await expect.poll(() => shownNotifications(page)).toEqual([{ ...shown, title: 'Target 2 unlocked again' }]);

  // A click brings the open app to the tracking view and closes the notification.
  await clickFirstNotification(context);
  await expect(page).toHaveURL(TRACKING);
  await expect(page.getByRole('region', { name: 'Update your Reward' })).toBeVisible({ timeout: 15_000 });
  await expect.poll(() => shownNotifications(page)).toEqual([]);

  // A message pointing outside the app opens the app's start page instead. The click above just
  // navigated the page, and the worker may be starting again: handed over until it shows, as above.
  const outside = JSON.stringify({
    ...payload,
    notification: { ...payload.notification, navigate: 'https://example.com/phish' },
  });
  await expect
    .poll(
      async () => {
        await deliver(outside);
        return shownNotifications(page);
      },
      { timeout: 40_000, intervals: [5_000] },
    )
    .toEqual([{ ...shown, data: { navigate: `${origins.shell}/` } }]);
  await clickFirstNotification(context);
  await expect(page).toHaveURL(`${origins.shell}/`);
  await expect(page.getByRole('heading', { name: 'Active Promotions' })).toBeVisible({ timeout: 15_000 });
});

test("signing out turns this device's notifications off: the server forgets it, then the browser drops it", async ({
  page,
  context,
}) => {
  await context.grantPermissions(['notifications'], { origin: origins.shell });
  const dropped: string[] = [];
  await page.exposeFunction('e2eSubscriptionDropped', (endpoint: string) => dropped.push(endpoint));
  const { endpoint } = await answerSubscribeWithTestKeys(page);
  await signInAsFreshCustomer(page, 'confirmed');
  await page.goto('/my-account');
  await serviceWorkerScope(page);
  await page.getByRole('button', { name: 'Turn on notifications on this device' }).click();
  await expect(page.getByRole('button', { name: 'Turn off notifications on this device' })).toBeVisible();

  const sent: string[] = [];
  page.on('request', (request) => {
    // The page's own calls; the worker passes some of them on again, as requests of its own.
    if (request.serviceWorker()) return;
    const { pathname } = new URL(request.url());
    if (pathname === '/api/v1/notifications/unsubscribe' || pathname === '/api/v1/session/logout')
      sent.push(`${request.method()} ${pathname} ${request.postData() ?? ''}`.trim());
  });
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Logout' }).click();
  await expect(page).toHaveURL(`${origins.shell}/login`);
  // While the session still says whose it is, then the sign-out (which drops it on the server too).
  expect(sent[0]).toBe(`POST /api/v1/notifications/unsubscribe ${JSON.stringify({ endpoint })}`);
  expect(new Set(sent.slice(1))).toEqual(new Set(['GET /api/v1/session/logout']));
  expect(dropped).toEqual([endpoint]);
});
