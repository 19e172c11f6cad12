import { queryOptions } from '@tanstack/react-query';
import { http, NetworkError } from '@promo/domain/http';
import type { Session, SessionInfo, UserRecord } from '../types';
import { loadSession, SESSION_CHECK_INTERVAL_MS } from '@promo/domain/session-rules';

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
  const ask = () => http.get<SessionInfo>('/session/get');
  return early ? early.catch(ask) : ask();
};

async function getUser(userid: string): Promise<UserRecord | undefined> {
  const early = earlyUser;
  earlyUser = undefined;
  const user = await early?.catch(() => undefined);
  if (user?.id === userid) return user;
  return (await getUsers([userid]))[0];
}
export const getUsers = (ids: string[]) => http.post<UserRecord[]>('/user/get', { ids });
export const login = (
  body: { email: string; password: string } | { code: string; state: string; isRepSSO: true },
) => http.post<SessionInfo>('/session/login', body);
export const logout = () => http.get<{ ok: boolean }>('/session/logout');

export function fetchSession(): Promise<Session> {
  return loadSession(
    {
      isOnline: () => typeof navigator === 'undefined' || navigator.onLine,
      fetchSessionInfo: getSessionInfo,
      fetchUser: getUser,
      readCached: cache.read,
      writeCached: cache.write,
    },
    (error) => error instanceof NetworkError,
  );
}

export const sessionQueries = {
  all: () => ['session'] as const,
  current: () =>
    queryOptions({
      queryKey: [...sessionQueries.all(), 'current'] as const,
      queryFn: fetchSession,
      staleTime: SESSION_CHECK_INTERVAL_MS,
      refetchInterval: SESSION_CHECK_INTERVAL_MS,
      // Offline, the cached session answers; a failed check must not sign anyone out by itself.
      networkMode: 'always',
      retry: false,
    }),
};
