import { sessionQueries } from '@promo/domain/session';
import type { UserRecord } from '@promo/domain/types';
import { useQuery } from '@tanstack/react-query';

/**
 * The signed-in rep: the shell renders rep routes only for a rep session, with the user record
 * attached (spec §3 Session). allowedRegions limits what the rep may select (spec §6).
 */
export function useRepUser(): { userId: string; user: UserRecord | undefined; allowedRegions: string[] } {
  const { data: session } = useQuery(sessionQueries.current());
  return {
    userId: session?.userid ?? '0',
    user: session?.user,
    allowedRegions: session?.user?.allowedRegions ?? [],
  };
}
