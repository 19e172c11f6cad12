import { useSyncExternalStore } from 'react';
import { http, NetworkError } from '@promo/domain/http/http-client';
import type { Session, SessionInfo, UserRecord } from '../types';
import {
  ANONYMOUS_SESSION,
  loadSession,
  SESSION_CHECK_INTERVAL_MS,
} from '@promo/domain/session/session.rules';
// The calls' types are the contract's schemas', as types only (api/session.schema.ts).
import type { LoginRequest, UsersRequest } from '../api/session.schema';

export interface SessionCache {
  read: () => Promise<Session | undefined>;
  write: (session: Session | undefined) => Promise<void>;
}

/** The shell plugs in the offline store ('promotion-pwa'); without it nothing is cached. */
let cache: SessionCache = { read: () => Promise.resolve(undefined), write: () => Promise.resolve() };

export function configureSessionCache(next: SessionCache): void {
  cache = next;
}

let earlyInfo: Promise<SessionInfo> | undefined;
let earlyUser: Promise<UserRecord | undefined> | undefined;

/**
 * The shell's entry asks /session/get as it starts, alongside the bootstrap's chunks, and /user/get
 * as soon as that answers (shell/src/federation/early-loading.ts): the first session check uses
 * those answers instead of asking again. A failed early answer falls back to the normal request.
 */
export function provideEarlySession(
  info: Promise<SessionInfo>,
  user?: Promise<UserRecord | undefined>,
): void {
  earlyInfo = info;
  earlyUser = user;
}

export const getSessionInfo = (): Promise<SessionInfo> => {
  const early = earlyInfo;
  earlyInfo = undefined;
  const ask = () => http.get('/session/get');
  return early ? early.catch(ask) : ask();
};

async function getUser(userid: string): Promise<UserRecord | undefined> {
  const early = earlyUser;
  earlyUser = undefined;
  const user = await early?.catch(() => undefined);
  if (user?.id === userid) return user;
  return (await getUsers([userid]))[0];
}
export const getUsers = (ids: string[]) => http.post('/user/get', { ids } satisfies UsersRequest);
export const login = (body: LoginRequest) => http.post('/session/login', body);
export const logout = () => http.get('/session/logout');

/** A session check's answer, and whether it had to do without the server (see SessionState). */
async function checkSession(): Promise<{ session: Session; serverUnreachable: boolean }> {
  let serverUnreachable = false;
  const session = await loadSession(
    {
      // Node 21+ has a `navigator` without `onLine`: only a browser's explicit false means offline.
      isOnline: () => typeof navigator === 'undefined' || navigator.onLine !== false,
      fetchSessionInfo: () =>
        getSessionInfo().catch((error: unknown) => {
          if (error instanceof NetworkError) serverUnreachable = true;
          throw error;
        }),
      fetchUser: getUser,
      readCached: cache.read,
      writeCached: cache.write,
    },
    (error) => error instanceof NetworkError,
  );
  return { session, serverUnreachable };
}

export function fetchSession(): Promise<Session> {
  return checkSession().then(({ session }) => session);
}

/**
 * The current session, outside the query cache: the shell's gate, guards and menu read it on every
 * page, the anonymous /login included, which then needs no TanStack Query at all (docs/decisions/002-session-store.md: 11 KB
 * gzip that /login downloaded only to hold this one value). This module is a shared singleton, so
 * the shell and every remote see the same session.
 *
 * 'pending' until the first check answers; 'error' only when that first check failed (a failed
 * re-check keeps the session it had: the next check tries again); 'success' from then on.
 */
export interface SessionState {
  status: 'pending' | 'success' | 'error';
  session: Session | undefined;
  error: unknown;
  /**
   * Set when the last check found the browser online but could not reach the server: the session
   * is then the cached one (or anonymous), and the shell says the server cannot be reached.
   */
  serverUnreachable?: true;
}

const INITIAL_STATE: SessionState = { status: 'pending', session: undefined, error: undefined };
let state: SessionState = INITIAL_STATE;
let checking: Promise<Session> | undefined;
let checkedAt = 0;
const listeners = new Set<() => void>();

function update(next: SessionState): void {
  state = next;
  for (const listener of [...listeners]) listener();
}

export const currentSession = {
  get: (): SessionState => state,
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Asks the server now (one request however many callers ask together). */
  check: (): Promise<Session> => {
    checking ??= checkSession()
      .then(
        ({ session, serverUnreachable }) => {
          checkedAt = Date.now();
          update({
            status: 'success',
            session,
            error: undefined,
            ...(serverUnreachable ? { serverUnreachable } : {}),
          });
          return session;
        },
        (error: unknown) => {
          checkedAt = Date.now();
          if (state.session === undefined) update({ status: 'error', session: undefined, error });
          throw error;
        },
      )
      .finally(() => {
        checking = undefined;
      });
    return checking;
  },
  /** The session once known: the current one, or the answer of the first check. */
  ensure: (): Promise<Session> =>
    state.status === 'success' && state.session ? Promise.resolve(state.session) : currentSession.check(),
  /** Whether the last answer is older than the re-check interval (or there is none). */
  isStale: (now = Date.now()): boolean => now - checkedAt >= SESSION_CHECK_INTERVAL_MS,
  /**
   * Starts from the session the last visit saved on this device, before the server has answered,
   * so a return visit draws its page at once (docs/decisions/009-offline-and-updates.md). The
   * first check, which the caller starts with it, confirms or replaces it: an ended session then
   * signs out as any expiry does (the shell's session gate). Only before that check has answered.
   */
  resume: (saved: Session): void => {
    if (state.status !== 'pending') return;
    update({ status: 'success', session: saved, error: undefined });
  },
  /** Sets the session without asking (logout sets the anonymous session; tests set theirs). */
  set: (session: Session): void => {
    checkedAt = Date.now();
    update({ status: 'success', session, error: undefined });
  },
  /** Back to unknown (tests). */
  reset: (): void => {
    checking = undefined;
    checkedAt = 0;
    update(INITIAL_STATE);
  },
};

/**
 * The session is checked again every 5 minutes while the page is visible, and when the
 * page becomes visible or the network returns after the last answer went stale. Returns the stop.
 */
export function startSessionChecks(target: { window: Window; document: Document } = globalThis): () => void {
  const { window: win, document: doc } = target;
  const recheck = () => {
    if (doc.visibilityState === 'visible' && currentSession.isStale())
      void currentSession.check().catch(noop);
  };
  const timer = win.setInterval(recheck, SESSION_CHECK_INTERVAL_MS);
  doc.addEventListener('visibilitychange', recheck);
  win.addEventListener('online', recheck);
  return () => {
    win.clearInterval(timer);
    doc.removeEventListener('visibilitychange', recheck);
    win.removeEventListener('online', recheck);
  };
}

const noop = () => undefined;

/**
 * The session's state. The shell starts the first check as it boots (bootstrap.tsx), one place
 * only: a second starter here raced it and asked /session/get twice.
 */
export function useSessionState(): SessionState {
  return useSyncExternalStore(currentSession.subscribe, currentSession.get, currentSession.get);
}

/** The current session; anonymous until known (the shell renders routes only once it is known). */
export function useSession(): Session {
  return useSessionState().session ?? ANONYMOUS_SESSION;
}
