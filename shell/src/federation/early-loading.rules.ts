import type { Mount, RemoteName } from '@promo/domain/paths';
import type { Role } from '@promo/domain/types';

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
