import { http } from '@promo/domain/http/http-client';
import { holdQueuedViews, sendHeldViews, viewsHeld } from '@promo/domain/rep/audit-queue';
import { markBriefcase, readBriefcaseMarker } from '@promo/domain/rep/briefcase-marker';
import { briefcaseStorage } from '@promo/domain/rep/briefcase-storage';
import { currentSession, logout } from '@promo/domain/session/session';
import { ANONYMOUS_SESSION } from '@promo/domain/session/session.rules';
import { startedQueryRuntime } from '../query-client/query-access';
import { purgeUserCaches } from '../offline/purge-user-caches';
import { offlineStore } from '../offline/offline-store';
import { forgetBriefcase } from '../offline/forget-briefcase';

/** The longest the server's sign-out may take before the local sign-out goes ahead without it. */
export const SERVER_SIGN_OUT_WAIT_MS = 5000;
/** The longest each local clean-up may take: an IndexedDB blocked by another tab never answers. */
export const LOCAL_CLEAR_WAIT_MS = 3000;

/** Resolves when the step does, rejects when it fails or gives no answer within `ms`. */
function withinLimit(run: () => Promise<unknown>, ms: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`No answer within ${ms} ms.`)), ms);
    // Through then(): a step that throws before returning its promise is a rejection too.
    Promise.resolve()
      .then(run)
      .then(
        () => resolve(),
        (error: unknown) => reject(error instanceof Error ? error : new Error(String(error))),
      )
      .finally(() => clearTimeout(timer));
  });
}

/**
 * Turns this device's notifications off before its session ends: the server forgets the endpoint
 * while the session still says whose it is, then the browser drops the subscription, whether the
 * server answered or not, so nothing about this user reaches the device once signed out. The
 * server also drops the subscription as the session ends (server/src/routes/session.routes.ts),
 * for when this call cannot reach it.
 */
async function forgetDevicePush(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return;
  try {
    await http.post('/notifications/unsubscribe', { endpoint: subscription.endpoint });
  } finally {
    await subscription.unsubscribe();
  }
}

/**
 * The rep's views of customers made offline and not yet sent: sign-out deletes the briefcase that
 * queues them, so they are held apart first, then sent while the session still says whose they are
 * (docs/decisions/047-rep-briefcase.md). Offline, or when the send fails, they stay held until this
 * rep is next signed in here online.
 */
async function sendQueuedViews(): Promise<void> {
  if (!readBriefcaseMarker().viewsQueued) return;
  await holdQueuedViews(briefcaseStorage());
  const user = currentSession.get().session?.user?.email;
  if (navigator.onLine && user) await sendHeldViews(user);
}

/**
 * Turns this device's notifications off, sends the rep's queued views, signs out on the server, then sets the anonymous session
 * and clears every local copy of the user's data (the query cache and its persisted copy, the
 * offline store, the rep's briefcase, anything of the user's in Cache Storage). It never fails and
 * never hangs: whichever step fails or does not answer in time is logged and the rest goes ahead:
 * the way out must end signed out whatever else is broken. Answers the identity provider's sign-out
 * URL when the session began there and the provider offers one
 * (docs/decisions/045-openid-connect-sign-in.md).
 */
export async function signOut(): Promise<{ endSessionUrl?: string }> {
  try {
    await withinLimit(forgetDevicePush, LOCAL_CLEAR_WAIT_MS);
  } catch (error) {
    console.error("Signing out: this device's notifications could not be turned off here.", error);
  }
  try {
    await withinLimit(sendQueuedViews, SERVER_SIGN_OUT_WAIT_MS);
  } catch (error) {
    console.error("Signing out: the rep's views made offline could not be sent.", error);
  }
  let endSessionUrl: string | undefined;
  try {
    await withinLimit(async () => {
      ({ endSessionUrl } = await logout());
    }, SERVER_SIGN_OUT_WAIT_MS);
  } catch (error) {
    console.error('Logout failed on the server; signing out here all the same.', error);
  }
  // Anonymous before anything is cleared: a save of the offline copy that runs from here on finds no
  // one signed in and removes the copy instead of writing it again.
  currentSession.set(ANONYMOUS_SESSION);
  const clearing: [what: string, run: () => Promise<unknown>][] = [
    ['the data cache', async () => (await startedQueryRuntime())?.discard()],
    ['the offline store', () => offlineStore.clear()],
    ["the rep's briefcase", () => forgetBriefcase()],
    ['Cache Storage', () => purgeUserCaches()],
  ];
  await Promise.all(
    clearing.map(([what, run]) =>
      withinLimit(run, LOCAL_CLEAR_WAIT_MS).catch((error: unknown) =>
        console.error(`Signing out: ${what} could not be cleared.`, error),
      ),
    ),
  );
  // Views held unsent: the next rep's page online looks after them (sending a rep's own only).
  if (viewsHeld()) markBriefcase({ viewsQueued: true });
  return endSessionUrl ? { endSessionUrl } : {};
}
