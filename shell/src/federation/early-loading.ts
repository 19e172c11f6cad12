/**
 * What the shell's entry starts before React, the router and the session gate have even been
 * downloaded (docs/decisions/005-start-up-sequence.md: the remote's manifest, entry and first chunks used to wait for all of them):
 * the environment's registry, the session, and for the page being opened its remote, with Module
 * Federation's preloadRemote, so it downloads alongside react-dom instead of after it. Which remote
 * may start early is decided by early-loading.rules.ts; an audience's remote waits for the session.
 *
 * Runs before the shared modules are negotiated, so everything imported here is bundled into the
 * entry (no shared module, see rsbuild.base.ts).
 */
import { preloadRemote, registerPlugins } from '@module-federation/enhanced/runtime';
import { sendGet, sendPost, type ApiResponse } from '@promo/domain/http/api-request';
import { mountOf, REMOTE_NAMES, remoteFederationName, type RemoteName } from '@promo/domain/paths';
import { isSignedIn } from '@promo/domain/session/session.rules';
import type { Role, Session, SessionInfo, UserRecord } from '@promo/domain/types';
import {
  currentEnvironment,
  isControlledByWorker,
  fetchRuntimeConfig,
  placeRolloutsFor,
  startupRuntimeConfig,
} from '../runtime-config/runtime-config';
import { createRemoteManifestWatch } from '../app-update/remote-manifest-watch';
import { savedSessionNow } from '../offline/saved-session';
import { preloadWaitsForRole, remoteToPreload, resumableSession } from './early-loading.rules';
import { lastGoodVersionPlugin, loadedManifests } from './last-good-version';
import { registerRemote } from './remote-loader';

let onRemoteChange: () => void = () => undefined;

/**
 * Detects a remote redeployed while the app is open (the update prompt). Its runtime plugin is
 * registered before anything is preloaded, so it sees the manifest of every remote this page loads.
 */
export const remoteWatch = createRemoteManifestWatch({
  onChange: () => onRemoteChange(),
  currentManifests: async () => {
    const remotes = await loadedManifests((await fetchRuntimeConfig()).remotes);
    return Object.fromEntries(REMOTE_NAMES.map((remote) => [remoteFederationName(remote), remotes[remote]]));
  },
});

/** The bootstrap's reaction to a redeployed remote (it owns the update prompt's state). */
export function whenRemoteChanges(listener: () => void): void {
  onRemoteChange = listener;
}

/** /session/get, and the signed-in user's record asked for as soon as that answered. */
interface SessionRequests {
  info: Promise<SessionInfo>;
  user: Promise<UserRecord | undefined>;
}

let askSession: (() => SessionRequests) | undefined;
let asked: SessionRequests | undefined;

/**
 * The session requests the entry started, which the session gate's first check uses
 * (provideEarlySession). A visit that resumes its saved session has not asked yet: this asks then.
 * Undefined on a host with no environment.
 */
export function earlySession(): SessionRequests | undefined {
  asked ??= askSession?.();
  return asked;
}

/** The answer's body; any failure only means the session check asks again through the http client. */
async function answer<Answer>(request: Promise<ApiResponse<Answer>>): Promise<Answer> {
  const response = await request;
  if (!response.ok) throw new Error(`${response.url} answered ${response.status}.`);
  return response.json();
}

const fetchSessionInfo = (apiBase: string): Promise<SessionInfo> => answer(sendGet(apiBase, '/session/get'));

async function fetchUserRecord(apiBase: string, info: SessionInfo): Promise<UserRecord | undefined> {
  if (info.role === 'anonymous') return undefined;
  const users = await answer(sendPost(apiBase, '/user/get', { ids: [info.userid] }));
  return users[0];
}

let savedSession: Session | undefined;

/**
 * On a return visit (the service worker answers the page), the session the last visit saved, when
 * the page being opened may start with it (resumableSession); undefined otherwise. The bootstrap
 * starts the session with it, and the page's remote is preloaded for its role at once. It is read
 * from localStorage, at once: the remote's download waits on no storage (saved-session.ts).
 */
export const resumedSession = () => savedSession;

let earlyRemotePromise: Promise<RemoteName | undefined> | undefined;

/**
 * The remote the page being opened needs, as soon as the session says so (undefined: none, or
 * not known early); the bootstrap then starts that page's code and first queries (preloadRoute).
 */
export const earlyRemote = () => earlyRemotePromise;

let lastScreen: Promise<unknown> = Promise.resolve();

/**
 * Resolves once the screen this user left on this page is painted (offline/last-screen.ts), or
 * will not be; at once where there is none.
 */
export const lastScreenDrawn = () => lastScreen;

export function startEarlyLoading(location: Location = window.location): void {
  registerPlugins([remoteWatch.plugin, lastGoodVersionPlugin]);
  // Staged rollouts of the signed-in audiences' remotes place the person signed in here, so the
  // API counts their reports for the version they were served (release-placement.ts, rolloutKey).
  const saved = savedSessionNow();
  placeRolloutsFor(isSignedIn(saved) ? saved?.userid : undefined);
  const config = startupRuntimeConfig();
  const mount = mountOf(location.pathname);
  let role: Promise<Role | undefined> = Promise.resolve(undefined);
  try {
    const { apiBase } = currentEnvironment(location);
    askSession = () => {
      const info = fetchSessionInfo(apiBase);
      const user = info.then((answer) => fetchUserRecord(apiBase, answer));
      // Unused or failed, the session check asks again itself (provideEarlySession).
      user.catch(() => undefined);
      return { info, user };
    };
    if (isControlledByWorker()) savedSession = resumableSession(mount, saved);
    // The screen this user left here is drawn while the app's code loads (offline/last-screen.ts).
    // Only a signed-in user left a screen here (a signed-out start has none).
    const userid = isSignedIn(savedSession) ? savedSession?.userid : undefined;
    if (userid) {
      lastScreen = import('../offline/last-screen-draw')
        .then(({ drawLastScreen }) => drawLastScreen(location, userid))
        .catch(() => undefined);
    }
    // Every other page asks now: the session gate holds every route until it knows the session, so
    // its first check must not wait for the bootstrap's chunks (on /login it was the last hop before
    // the page). A return visit that resumes its saved session draws its first screen with it, and
    // the bootstrap checks it once that screen is up: no request sits before that paint
    // (docs/decisions/009-offline-and-updates.md).
    if (!savedSession) earlySession();
    if (preloadWaitsForRole(mount)) {
      // A return visit's page starts with its saved session's role, not after the server's answer.
      // Offline or unreachable: no preload; the session gate decides with its cached session.
      role = Promise.resolve(
        savedSession?.role ??
          earlySession()?.info.then(
            (info) => info.role,
            () => undefined,
          ),
      );
    }
  } catch {
    return; // no environment for this host: the bootstrap shows the error page
  }
  earlyRemotePromise = Promise.all([config, role]).then(
    ([, visitorRole]) => remoteToPreload(mount, visitorRole),
    () => undefined,
  );
  void Promise.all([config, earlyRemotePromise])
    .then(async ([{ remotes }, remote]) => {
      if (!remote) return;
      registerRemote(remote, remotes[remote]);
      await preloadRemote([{ nameOrAlias: remoteFederationName(remote), exposes: ['./routes'] }]);
    })
    // A failed preload is only a missed head start: the real load reports and retries.
    .catch(() => undefined);
}
