import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useOnline } from './use-online';

function Probe() {
  return <p>{useOnline() ? 'online' : 'offline'}</p>;
}

function setNavigatorOnline(value: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(value);
  window.dispatchEvent(new Event(value ? 'online' : 'offline'));
}

describe('useOnline', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('reads navigator.onLine when first used', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(<Probe />);
    expect(screen.getByText('offline')).toBeInTheDocument();
  });

  it('follows the offline and online events', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    render(<Probe />);
    expect(screen.getByText('online')).toBeInTheDocument();
    act(() => setNavigatorOnline(false));
    expect(screen.getByText('offline')).toBeInTheDocument();
    act(() => setNavigatorOnline(true));
    expect(screen.getByText('online')).toBeInTheDocument();
  });
});
