import { SAVED_SELECTION_KEY, withPromotionFilters } from '@promo/domain/rep/saved-selection.rules';
import { act, renderHook } from '@testing-library/react';
// eslint-disable-next-line no-restricted-imports -- a fresh store per test, as after a reload
import { createStore, Provider } from 'jotai';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useSavedSelection } from './use-saved-selection';

function withStore(store = createStore()) {
  return ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
}

const stored = () => JSON.parse(localStorage.getItem(SAVED_SELECTION_KEY) ?? 'null') as unknown;

afterEach(() => localStorage.clear());

describe('useSavedSelection', () => {
  it('starts with nothing selected and both registered filters on', () => {
    const { result } = renderHook(() => useSavedSelection('U1'), { wrapper: withStore() });
    expect(result.current[0]).toEqual({ selectedBranchIds: [], selectedRegions: [], promotionFilters: {} });
  });

  it('hands its users the saved selection they first drew with, so nothing below them draws again', () => {
    localStorage.setItem(
      SAVED_SELECTION_KEY,
      JSON.stringify({ selectedRegions: ['Auckland'], selectedBranchIds: ['101'], promotionFilters: {} }),
    );
    const seen = new Set<unknown>();
    const { result, rerender } = renderHook(
      () => {
        const saved = useSavedSelection('U1');
        seen.add(saved[0]);
        return saved;
      },
      { wrapper: withStore() },
    );
    rerender();
    expect(result.current[0].selectedBranchIds).toEqual(['101']);
    expect(seen.size).toBe(1);
  });

  it('writes every change to local storage under the fixed key', () => {
    const { result } = renderHook(() => useSavedSelection('U1'), { wrapper: withStore() });
    act(() =>
      result.current[1]((previous) => ({
        ...withPromotionFilters(previous, 'PROMO-A', { showRegistered: true, showNonRegistered: false }),
        selectedRegions: ['Auckland'],
        selectedBranchIds: ['101'],
      })),
    );
    expect(result.current[0].selectedBranchIds).toEqual(['101']);
    expect(stored()).toEqual({
      selectedRegions: ['Auckland'],
      selectedBranchIds: ['101'],
      promotionFilters: { 'PROMO-A': { showRegistered: true, showNonRegistered: false } },
    });
  });

  it('survives a reload: a new store reads what was saved', () => {
    const first = renderHook(() => useSavedSelection('U1'), { wrapper: withStore() });
    act(() => first.result.current[1]((previous) => ({ ...previous, selectedRegions: ['Waikato'] })));
    first.unmount();
    const second = renderHook(() => useSavedSelection('U1'), { wrapper: withStore() });
    expect(second.result.current[0].selectedRegions).toEqual(['Waikato']);
  });

  it('reads storage afresh for another rep signing in on the same page', () => {
    const store = createStore();
    const { result, rerender } = renderHook(({ userId }) => useSavedSelection(userId), {
      wrapper: withStore(store),
      initialProps: { userId: 'U1' },
    });
    act(() => result.current[1]((previous) => ({ ...previous, selectedRegions: ['Waikato'] })));
    // Logout clears site storage (Clear-Site-Data) but not the page's memory.
    localStorage.clear();
    rerender({ userId: 'U2' });
    expect(result.current[0].selectedRegions).toEqual([]);
  });

  it('shrugs off damaged storage', () => {
    localStorage.setItem(SAVED_SELECTION_KEY, '{"selectedRegions": ');
    const { result } = renderHook(() => useSavedSelection('U1'), { wrapper: withStore() });
    expect(result.current[0]).toEqual({ selectedBranchIds: [], selectedRegions: [], promotionFilters: {} });
  });
});
