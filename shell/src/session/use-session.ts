import { sessionQueries } from '@promo/domain/session';
import { ANONYMOUS_SESSION } from '@promo/domain/session-rules';
import type { Session } from '@promo/domain/types';
import { useQuery } from '@tanstack/react-query';

/** The current session; the shell renders routes only once it is known (see SessionGate). */
export function useSession(): Session {
  const { data } = useQuery(sessionQueries.current());
  return data ?? ANONYMOUS_SESSION;
}
