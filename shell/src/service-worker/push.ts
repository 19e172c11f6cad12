/**
 * Push messages and clicks on their notifications (docs/product-rules.md, "Notifications"). The
 * server sends Declarative Web Push JSON: Safari 18.4+ shows it without this code, every other
 * browser through it. Worker-only (the WebWorker library): the pure half is push-payload.ts.
 */
import { appWindow, clickTarget, notificationFromPayload, readPushJson } from './push-payload';

/** An event the browser dispatched may be kept alive; one dispatched by a script (a test) may not. */
function keepAlive(event: ExtendableEvent, work: Promise<unknown>): void {
  try {
    event.waitUntil(work);
  } catch {
    void work;
  }
}

async function showPush(worker: ServiceWorkerGlobalScope, event: PushEvent): Promise<void> {
  const scope = worker.registration.scope;
  const shown = notificationFromPayload(
    readPushJson(() => event.data?.text() ?? ''),
    scope,
  );
  if (!shown) return;
  await worker.registration.showNotification(shown.title, shown.options);
  const nav = worker.navigator;
  if (shown.appBadge !== undefined && 'setAppBadge' in nav) {
    await (shown.appBadge > 0 ? nav.setAppBadge(shown.appBadge) : nav.clearAppBadge()).catch(() => undefined);
  }
}

/** Brings an open app window forward on the notification's page, else opens one there. */
async function openTarget(worker: ServiceWorkerGlobalScope, target: string): Promise<void> {
  const windows = await worker.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = appWindow(windows, worker.registration.scope);
  if (open) {
    const [, navigated] = await Promise.all([
      open.focus().catch(() => undefined),
      // navigate() works only on a window this worker controls.
      open.navigate(target).catch(() => null),
    ]);
    if (navigated) return;
  }
  await worker.clients.openWindow(target);
}

export function registerPushHandlers(worker: ServiceWorkerGlobalScope): void {
  worker.addEventListener('push', (event) => {
    keepAlive(
      event,
      showPush(worker, event).catch(() => undefined),
    );
  });

  worker.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const data = event.notification.data as { navigate?: unknown } | null;
    const target = clickTarget(data?.navigate, worker.registration.scope);
    keepAlive(
      event,
      openTarget(worker, target).catch(() => undefined),
    );
  });
}
