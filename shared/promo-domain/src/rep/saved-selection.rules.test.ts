import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PROMOTION_FILTERS,
  EMPTY_SAVED_SELECTION,
  parseSavedSelection,
  promotionFiltersOf,
  SAVED_SELECTION_KEY,
  serializeSavedSelection,
  withBranchSelection,
  withPromotionFilters,
} from './saved-selection.rules';

describe('the saved selection', () => {
  it('is stored under one fixed key', () => {
    expect(SAVED_SELECTION_KEY).toBe('ezy-rewards.salesrep.selection');
  });

  it('starts empty when nothing is stored', () => {
    expect(parseSavedSelection(null)).toEqual({
      selectedBranchIds: [],
      selectedRegions: [],
      promotionFilters: {},
    });
  });

  it('shows registered and non-registered customers of a promotion by default', () => {
    expect(promotionFiltersOf(EMPTY_SAVED_SELECTION, 'PROMO-A')).toEqual({
      showRegistered: true,
      showNonRegistered: true,
    });
  });

  it('reads back what it wrote', () => {
    let selection = withBranchSelection(EMPTY_SAVED_SELECTION, {
      selectedRegions: ['Auckland'],
      selectedBranchIds: ['101', '102'],
    });
    selection = withPromotionFilters(selection, 'PROMO-A', {
      showRegistered: false,
      showNonRegistered: true,
    });
    selection = withPromotionFilters(selection, 'PROMO-C', {
      showRegistered: true,
      showNonRegistered: true,
      band: 'slipping',
    });
    const read = parseSavedSelection(serializeSavedSelection(selection));
    expect(read).toEqual(selection);
    expect(promotionFiltersOf(read, 'PROMO-A')).toEqual({ showRegistered: false, showNonRegistered: true });
    expect(promotionFiltersOf(read, 'PROMO-C').band).toBe('slipping');
    expect(promotionFiltersOf(read, 'PROMO-B')).toEqual(DEFAULT_PROMOTION_FILTERS);
  });

  it('accepts the dev fixture’s selection, which has no promotion filters', () => {
    const stored = JSON.stringify({ selectedRegions: ['Auckland', 'Waikato'], selectedBranchIds: ['101'] });
    expect(parseSavedSelection(stored)).toEqual({
      selectedRegions: ['Auckland', 'Waikato'],
      selectedBranchIds: ['101'],
      promotionFilters: {},
    });
  });

  it('falls back to the defaults for damaged data instead of failing', () => {
    expect(parseSavedSelection('{not json')).toEqual(EMPTY_SAVED_SELECTION);
    expect(parseSavedSelection('[1,2]')).toEqual(EMPTY_SAVED_SELECTION);
    expect(
      parseSavedSelection(
        JSON.stringify({
          selectedRegions: ['Auckland', 7],
          selectedBranchIds: 'x',
          promotionFilters: { A: { showRegistered: 'no', band: 'late' }, B: null },
        }),
      ),
    ).toEqual({
      selectedRegions: ['Auckland'],
      selectedBranchIds: [],
      promotionFilters: { A: { showRegistered: true, showNonRegistered: true } },
    });
  });
});
