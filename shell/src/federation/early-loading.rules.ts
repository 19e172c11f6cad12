import type { Mount, RemoteName } from '@promo/domain/paths';
import { ANONYMOUS_SESSION } from '@promo/domain/session/session.rules';
import type { Role, Session } from '@promo/domain/types';

/**
 * Which remote the shell's entry may start downloading before React and the session gate run, for
 * the page being opened. Pages anyone may see (guest and open pages, contact) get the public remote
 * at once; an audience's remote only once the session says the visitor is of that audience, so a
 * customer never downloads the rep remote and a visitor neither.
 */
export function remoteToPreload(mount: Mount | undefined, role: Role | undefined): RemoteName | undefined {
  if (!mount) return undefined;
  if (mount.remote === 'public') return 'public';
  if (mount.audience === 'customer' && role === 'customer') return mount.remote;
  if (mount.audience === 'rep' && role === 'rep') return mount.remote;
  return undefined;
}

/** Whether the page's remote depends on who is signed in (then its preload waits for the session). */
export const preloadWaitsForRole = (mount: Mount | undefined) =>
  mount !== undefined && (mount.audience === 'customer' || mount.audience === 'rep');

/**
 * The session a return visit may start the page with before the server answers
 * (docs/decisions/009-offline-and-updates.md):
 * - a signed-in one saved on the device, on a page of its own audience or one for anyone signed in;
 * - signed out, on a guest or open page (the sign-in page) when none is saved: the device keeps only
 *   signed-in sessions (saveSession), so nobody has signed in here since the last check. Were the
 *   server to say otherwise, the check after the first screen sends the visitor on as today.
 * Anywhere else (a guest page with a signed-in session saved, another audience's page) a guess
 * would send the visitor elsewhere before the server has said who they are: those pages wait for
 * the check.
 */
export function resumableSession(mount: Mount | undefined, saved: Session | undefined): Session | undefined {
  if (!mount) return undefined;
  if (mount.audience === 'guest' || mount.audience === 'open') return saved ? undefined : ANONYMOUS_SESSION;
  if (!saved) return undefined;
  const audience = saved.role === 'customer' ? 'customer' : saved.role === 'rep' ? 'rep' : undefined;
  if (audience === undefined) return undefined;
  return mount.audience === audience || mount.audience === 'signed-in' ? saved : undefined;
}
