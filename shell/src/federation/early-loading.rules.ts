import type { Mount, RemoteName } from '@promo/domain/paths';
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
 * The saved session a return visit may start the page with before the server answers: a signed-in
 * one, on a page of its own audience or one for anyone signed in. Anywhere else (the sign-in page, another audience's page) a
 * guess would send the visitor elsewhere before the server has said who they are, so those pages
 * wait for the check.
 */
/** Whether a saved session could resume the page (resumableSession): only then is it read first. */
export const mayResume = (mount: Mount | undefined): mount is Mount =>
  mount !== undefined && ['customer', 'rep', 'signed-in'].includes(mount.audience);

export function resumableSession(mount: Mount | undefined, saved: Session | undefined): Session | undefined {
  if (!mayResume(mount) || !saved) return undefined;
  const audience = saved.role === 'customer' ? 'customer' : saved.role === 'rep' ? 'rep' : undefined;
  if (audience === undefined) return undefined;
  return mount.audience === audience || mount.audience === 'signed-in' ? saved : undefined;
}
