import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createValueStore, resetValueStores, useStoreValue } from './value-store';

describe('createValueStore', () => {
  it('sets a value or an update of the current one, and tells each listener once per change', () => {
    const store = createValueStore(1);
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.set(2);
    store.set((current) => current + 3);
    expect(store.get()).toBe(5);
    expect(listener).toHaveBeenCalledTimes(2);
    store.set(5);
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    store.set(6);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('re-renders a reader when the value changes', () => {
    const store = createValueStore('first');
    function Reader() {
      return <p>{useStoreValue(store)}</p>;
    }
    render(<Reader />);
    expect(screen.getByText('first')).toBeInTheDocument();
    act(() => store.set('second'));
    expect(screen.getByText('second')).toBeInTheDocument();
  });

  it('resetValueStores puts every store back to its first value', () => {
    const a = createValueStore({ title: '' });
    const b = createValueStore<number[]>([]);
    a.set({ title: 'Login' });
    b.set([1]);
    resetValueStores();
    expect(a.get()).toEqual({ title: '' });
    expect(b.get()).toEqual([]);
  });
});
