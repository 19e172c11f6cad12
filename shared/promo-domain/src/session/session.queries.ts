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

export const getSessionInfo = () => http.get<SessionInfo>('/session/get');
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
      fetchUser: async (userid) => (await getUsers([userid]))[0],
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
