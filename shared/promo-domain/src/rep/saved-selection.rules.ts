import type { PaceBand, PromotionId } from '../types';
import { PACE_BANDS } from '@promo/domain/rep/rep-progress.rules';
import type { BranchSelection } from '@promo/domain/rep/branch-selection.rules';

/**
 * The rep's saved selection: selected branches and regions, and per promotion the
 * registered filter and pace band, kept in the browser's local storage under one fixed key so that it survives
 * reloads. The reference server's logout clears site storage (Clear-Site-Data), and with it this.
 */
export const SAVED_SELECTION_KEY = 'ezy-rewards.salesrep.selection';

/**
 * The customer table's filters for one promotion: the registered filter (both default to true) and
 * the pace band chosen on the portfolio bar (none: every band).
 */
export interface PromotionFilters {
  showRegistered: boolean;
  showNonRegistered: boolean;
  band?: PaceBand;
}

export interface SavedSelection extends BranchSelection {
  /** Keyed by promotion id; a promotion without an entry shows both. */
  promotionFilters: Record<PromotionId, PromotionFilters>;
}

export const DEFAULT_PROMOTION_FILTERS: PromotionFilters = { showRegistered: true, showNonRegistered: true };

export const EMPTY_SAVED_SELECTION: SavedSelection = {
  selectedBranchIds: [],
  selectedRegions: [],
  promotionFilters: {},
};

const stringList = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Reads what local storage holds, whatever it is: missing, damaged or older data gives the defaults
 * for what is missing rather than an error (a rep must never be locked out by a bad stored value).
 */
export function parseSavedSelection(stored: string | null): SavedSelection {
  if (stored === null) return EMPTY_SAVED_SELECTION;
  let value: unknown;
  try {
    value = JSON.parse(stored);
  } catch {
    return EMPTY_SAVED_SELECTION;
  }
  if (!isRecord(value)) return EMPTY_SAVED_SELECTION;
  const promotionFilters: Record<PromotionId, PromotionFilters> = {};
  if (isRecord(value.promotionFilters)) {
    for (const [id, filters] of Object.entries(value.promotionFilters)) {
      if (!isRecord(filters)) continue;
      promotionFilters[id] = {
        showRegistered: typeof filters.showRegistered === 'boolean' ? filters.showRegistered : true,
        showNonRegistered: typeof filters.showNonRegistered === 'boolean' ? filters.showNonRegistered : true,
        ...(PACE_BANDS.includes(filters.band as PaceBand) ? { band: filters.band as PaceBand } : {}),
      };
    }
  }
  return {
    selectedBranchIds: stringList(value.selectedBranchIds),
    selectedRegions: stringList(value.selectedRegions),
    promotionFilters,
  };
}

export function serializeSavedSelection(selection: SavedSelection): string {
  return JSON.stringify(selection);
}

export function promotionFiltersOf(selection: SavedSelection, promotionId: PromotionId): PromotionFilters {
  return selection.promotionFilters[promotionId] ?? DEFAULT_PROMOTION_FILTERS;
}

export function withPromotionFilters(
  selection: SavedSelection,
  promotionId: PromotionId,
  filters: PromotionFilters,
): SavedSelection {
  return { ...selection, promotionFilters: { ...selection.promotionFilters, [promotionId]: filters } };
}

export function withBranchSelection(selection: SavedSelection, branches: BranchSelection): SavedSelection {
  return {
    ...selection,
    selectedRegions: branches.selectedRegions,
    selectedBranchIds: branches.selectedBranchIds,
  };
}
