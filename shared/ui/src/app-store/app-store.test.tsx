import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { appAtom, appStore, resetAppAtoms, useAtomValue } from '@promo/ui/app-store';

const countAtom = appAtom(0);

function Count() {
  return <p>count {useAtomValue(countAtom)}</p>;
}

describe('appStore', () => {
  it('is the store components read without a Provider, so a write from outside React shows', () => {
    render(<Count />);
    expect(screen.getByText('count 0')).toBeInTheDocument();
    act(() => appStore.set(countAtom, (count) => count + 2));
    expect(screen.getByText('count 2')).toBeInTheDocument();
  });

  it('resetAppAtoms puts every app atom back to its first value', () => {
    appStore.set(countAtom, 5);
    resetAppAtoms();
    expect(appStore.get(countAtom)).toBe(0);
  });
});
