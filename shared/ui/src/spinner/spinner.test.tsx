import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Spinner } from '@promo/ui/spinner';

function ringDelay(): string {
  const ring = screen.getByRole('status').querySelector('[aria-hidden="true"]');
  if (!(ring instanceof HTMLElement)) throw new Error('The spinner has no ring.');
  return ring.style.animationDelay;
}

describe('Spinner', () => {
  afterEach(() => vi.restoreAllMocks());

  it('says what is loading, once, to screen readers', () => {
    render(<Spinner label="Loading your promotions…" />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Loading your promotions…');
    expect(status).toHaveAttribute('aria-live', 'polite');
  });

  it("while the app starts, shows its ring when the page has been loading a second, as the HTML's does", () => {
    vi.spyOn(performance, 'now').mockReturnValue(350);
    render(<Spinner />);
    expect(ringDelay()).toBe('650ms, 650ms');
  });

  it('later, while a screen loads, shows its ring at once', () => {
    vi.spyOn(performance, 'now').mockReturnValue(42_000);
    render(<Spinner />);
    expect(ringDelay()).toBe('0ms, 0ms');
  });
});
