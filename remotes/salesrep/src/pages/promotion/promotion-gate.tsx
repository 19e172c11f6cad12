import { paths } from '@promo/domain/paths';
import type { Promotion } from '@promo/domain/types';
import { buttonClassName } from '@promo/ui/button';
import { Notice } from '@promo/ui/notice';
import { queryGate, type GatedQuery } from '@promo/ui/query-error';
import { Link } from '@promo/ui/router';
import type { ReactElement } from 'react';
import { ToSelectBranches } from '../../features/saved-selection/branch-gate';

/**
 * What the promotion's customer table and branch roll-up show before either can: the branch list
 * and the promotion loading or failing, a promotion that does not exist, and a rep without selected
 * branches (sent to Select Branches). Otherwise the promotion, ready.
 */
export function promotionGate(
  branches: GatedQuery<unknown>,
  promotion: GatedQuery<Promotion | null>,
  hasSelection: boolean,
): { ready: true; promotion: Promotion } | { ready: false; element: ReactElement } {
  const gate = queryGate({ branches, promotion }, { failedTitle: 'This promotion could not be loaded' });
  if (!gate.ready) return gate;
  if (!gate.data.promotion) {
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
  if (!hasSelection) return { ready: false, element: <ToSelectBranches /> };
  return { ready: true, promotion: gate.data.promotion };
}
