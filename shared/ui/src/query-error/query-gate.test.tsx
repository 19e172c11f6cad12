import { ApiError, NetworkError } from '@promo/domain/http/http-client';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { queryFailure, queryGate, type GatedQuery } from './query-gate';

function query<T>(state: Partial<GatedQuery<T>>): GatedQuery<T> {
  return {
    data: undefined,
    error: null,
    isPending: false,
    isError: false,
    isFetching: false,
    refetch: vi.fn(() => Promise.resolve()),
    ...state,
  };
}

const TITLE = 'Your account could not be loaded';

function renderGate(gate: ReturnType<typeof queryGate>) {
  if (gate.ready) throw new Error('The gate should not be ready.');
  render(gate.element);
}

describe('queryGate', () => {
  it('shows a spinner while any query is loading, in the screen’s words when it has them', () => {
    renderGate(
      queryGate(
        { account: query({ data: 'account' }), promotions: query({ isPending: true }) },
        { failedTitle: TITLE, loadingLabel: 'Loading promotions…' },
      ),
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading promotions…');
  });

  it('names the real cause of the first failure, and retries every query the screen waits on', async () => {
    const account = query({ data: 'account' });
    const promotions = query({ isError: true, error: new ApiError(500, undefined) });
    renderGate(queryGate({ account, promotions }, { failedTitle: TITLE }));

    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(TITLE);
    expect(alert).toHaveTextContent('The server could not answer just now. Try again in a moment.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(account.refetch).toHaveBeenCalledOnce();
    expect(promotions.refetch).toHaveBeenCalledOnce();
  });

  it('keeps the screen’s own message, and holds the retry while one is on its way', () => {
    const origins = query({ isError: true, isFetching: true, error: new NetworkError(new TypeError('x')) });
    renderGate(
      queryGate(
        { origins },
        { failedTitle: 'Spend progress is unavailable', failedMessage: 'Reload the page.' },
      ),
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Reload the page.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeDisabled();
  });

  it('hands over each query’s data once all have answered', () => {
    const gate = queryGate(
      { account: query({ data: { name: 'Kiwi Hardware' } }), promotions: query({ data: [] }) },
      { failedTitle: TITLE },
    );
    expect(gate).toEqual({ ready: true, data: { account: { name: 'Kiwi Hardware' }, promotions: [] } });
  });

  it('with keepShown, lets a failed refresh keep what is on screen, but not a first load that failed', () => {
    const failure = new NetworkError(new TypeError('Failed to fetch'));
    const refreshed = queryGate(
      { account: query({ data: 'shown', isError: true, error: failure }) },
      { failedTitle: TITLE, keepShown: true },
    );
    expect(refreshed).toEqual({ ready: true, data: { account: 'shown' } });

    renderGate(
      queryGate(
        { account: query({ isError: true, error: failure }) },
        { failedTitle: TITLE, keepShown: true },
      ),
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Check your connection and try again.');
  });
});

describe('queryFailure', () => {
  it('is nothing while the queries load or have answered, so the part can show its own loading state', () => {
    expect(queryFailure({ summary: query({ isPending: true }) }, { failedTitle: TITLE })).toBeNull();
    expect(queryFailure({ summary: query({ data: 1 }) }, { failedTitle: TITLE })).toBeNull();
  });
});
