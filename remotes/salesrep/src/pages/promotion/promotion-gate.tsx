import { failedLoadMessage } from '@promo/domain/http/failure-kind.rules';
import { paths } from '@promo/domain/paths';
import type { Promotion } from '@promo/domain/types';
import { buttonClassName } from '@promo/ui/button';
import { Notice } from '@promo/ui/notice';
import { QueryError, refetchAll } from '@promo/ui/query-error';
import { Link, Navigate } from '@promo/ui/router';
import { Spinner } from '@promo/ui/spinner';
import type { ReactElement } from 'react';

interface Loaded<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data?: T | undefined;
  refetch: () => Promise<unknown>;
}

/**
 * What the promotion's customer table and branch roll-up show before either can: the branch list
 * and the promotion loading or failing, a promotion that does not exist, and a rep without selected
 * branches (sent to Select Branches). Otherwise the promotion, ready.
 */
export function promotionGate(
  branches: Loaded<unknown>,
  promotion: Loaded<Promotion | null>,
  hasSelection: boolean,
): { ready: true; promotion: Promotion } | { ready: false; element: ReactElement } {
  if (branches.isPending || promotion.isPending) return { ready: false, element: <Spinner /> };
  if (branches.isError || promotion.isError) {
    return {
      ready: false,
      element: (
        <QueryError
          title="This promotion could not be loaded"
          message={failedLoadMessage(branches.error ?? promotion.error)}
          onRetry={refetchAll(branches, promotion)}
        />
      ),
    };
  }
  if (!promotion.data) {
    return {
      ready: false,
      element: (
        <Notice title="Promotion not found">
          <p>This promotion does not exist or is no longer available.</p>
          <Link className={buttonClassName()} to={paths.repHome()}>
            Go to Dashboard
          </Link>
        </Notice>
      ),
    };
  }
  if (!hasSelection) return { ready: false, element: <Navigate to={paths.repSelectBranches()} replace /> };
  return { ready: true, promotion: promotion.data };
}
