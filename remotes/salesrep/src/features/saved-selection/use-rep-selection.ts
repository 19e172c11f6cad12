import {
  EMPTY_BRANCH_SELECTION,
  restrictSelection,
  type BranchSelection,
} from '@promo/domain/rep/branch-selection.rules';
import { repQueries } from '@promo/domain/rep/rep.queries';
import {
  promotionFiltersOf,
  withBranchSelection,
  withPromotionFilters,
  type PromotionFilters,
} from '@promo/domain/rep/saved-selection.rules';
import type { PromotionId } from '@promo/domain/types';
import { useQuery } from '@promo/domain/query';
import { useCallback, useMemo } from 'react';
import { useSavedSelection } from './use-saved-selection';

/**
 * The rep's branches and their saved selection, limited to what this rep may see: the server sends
 * only the branches of their allowed regions, and the selection keeps only those.
 */
export function useRepSelection(userId: string, allowedRegions: readonly string[]) {
  const branches = useQuery(repQueries.branches());
  const [saved, update] = useSavedSelection(userId);

  const selection: BranchSelection = useMemo(
    () => (branches.data ? restrictSelection(saved, branches.data, allowedRegions) : EMPTY_BRANCH_SELECTION),
    [saved, branches.data, allowedRegions],
  );

  const setSelection = useCallback(
    (next: BranchSelection) => update((previous) => withBranchSelection(previous, next)),
    [update],
  );
  const filtersFor = useCallback((id: PromotionId) => promotionFiltersOf(saved, id), [saved]);
  const setFilters = useCallback(
    (id: PromotionId, filters: PromotionFilters) =>
      update((previous) => withPromotionFilters(previous, id, filters)),
    [update],
  );

  return { branches, selection, setSelection, filtersFor, setFilters };
}
