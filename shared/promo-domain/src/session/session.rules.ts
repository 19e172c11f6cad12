import type { Session, SessionInfo, UserRecord } from '../types';

export const ANONYMOUS_SESSION: Session = { role: 'anonymous', userid: '0' };

/** Session re-check interval (docs/product-rules.md, 'Session'). */
export const SESSION_CHECK_INTERVAL_MS = 5 * 60 * 1000;

export interface SessionSources {
  isOnline: () => boolean;
  fetchSessionInfo: () => Promise<SessionInfo>;
  fetchUser: (userid: string) => Promise<UserRecord | undefined>;
  readCached: () => Promise<Session | undefined>;
  writeCached: (session: Session | undefined) => Promise<void>;
}

/** A failure that means "could not reach the server", as opposed to the server's answer. */
export type IsNetworkFailure = (error: unknown) => boolean;

/**
 * Online, the session is fetched and a signed-in user is loaded and cached;
 * offline (or when the server cannot be reached), the cached session is used.
 */
export async function loadSession(
  sources: SessionSources,
  isNetworkFailure: IsNetworkFailure,
): Promise<Session> {
  if (!sources.isOnline()) return (await sources.readCached()) ?? ANONYMOUS_SESSION;
  let info: SessionInfo;
  try {
    info = await sources.fetchSessionInfo();
  } catch (error) {
    if (isNetworkFailure(error)) return (await sources.readCached()) ?? ANONYMOUS_SESSION;
    throw error;
  }
  if (info.role === 'anonymous') {
    await sources.writeCached(undefined);
    return { ...ANONYMOUS_SESSION, userid: info.userid };
  }
  const user = await sources.fetchUser(info.userid);
  const session: Session = { ...info, ...(user ? { user } : {}) };
  await sources.writeCached(session);
  return session;
}

/** A signed-in user whose periodic check comes back anonymous is sent to /logout. */
export function hasSessionEnded(previous: Session | undefined, next: Session): boolean {
  return previous !== undefined && previous.role !== 'anonymous' && next.role === 'anonymous';
}

export function isSignedIn(session: Session | undefined): boolean {
  return session !== undefined && session.role !== 'anonymous';
}

/** Where a signed-in user belongs (docs/product-rules.md, 'Routes and guards'). */
export function homePathFor(session: Session): '/' | '/salesrep' | '/login' {
  if (session.role === 'rep') return '/salesrep';
  if (session.role === 'customer') return '/';
  return '/login';
}
