import { useSession } from '@promo/domain/session';
import type { UserRecord } from '@promo/domain/types';

/**
 * The signed-in rep: the shell renders rep routes only for a rep session, with the user record
 * attached. allowedRegions limits what the rep may select.
 */
export function useRepUser(): { userId: string; user: UserRecord | undefined; allowedRegions: string[] } {
  const session = useSession();
  return {
    userId: session.userid,
    user: session.user,
    allowedRegions: session.user?.allowedRegions ?? [],
  };
}
