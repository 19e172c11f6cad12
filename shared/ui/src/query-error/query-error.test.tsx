import { failedLoadMessage } from '@promo/domain/http/failure-kind.rules';
import { ApiError, NetworkError } from '@promo/domain/http/http-client';
import { QueryClient, QueryClientProvider, queryOptions, useQuery } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { QueryError, refetchAll } from './query-error';

function Greeting({ load }: { load: () => Promise<string> }) {
  const greeting = useQuery(queryOptions({ queryKey: ['greeting'], queryFn: load, retry: false }));
  if (greeting.isSuccess) return <p>{greeting.data}</p>;
  return greeting.isError ? (
    <QueryError title="The greeting could not be loaded" onRetry={greeting.refetch} />
  ) : (
    <p>Loading…</p>
  );
}

function renderWithClient(ui: ReactNode) {
  const client = new QueryClient();
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

describe('QueryError', () => {
  it('announces what failed with the connection hint and a focusable retry button', async () => {
    render(<QueryError title="Your account could not be loaded" onRetry={() => undefined} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Your account could not be loaded');
    expect(alert).toHaveTextContent('Check your connection and try again.');
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Try again' })).toHaveFocus();
  });

  it('keeps a screen’s own message and button label', () => {
    render(
      <QueryError
        title="Your progress could not be shown"
        message="Check your connection and reload the page."
        retryLabel="Reload"
        onRetry={() => undefined}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Check your connection and reload the page.');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeEnabled();
  });

  it('fits the way out to what the load failed with: only no answer at all blames the connection', () => {
    const { rerender } = render(
      <QueryError
        title="Your promotions could not be loaded"
        message={failedLoadMessage(new ApiError(500, undefined))}
        onRetry={() => undefined}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The server could not answer just now. Try again in a moment.',
    );
    expect(screen.getByRole('alert')).not.toHaveTextContent('Check your connection');

    rerender(
      <QueryError
        title="Your promotions could not be loaded"
        message={failedLoadMessage(new ApiError(502, 'The API is not reachable.'))}
        onRetry={() => undefined}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The server cannot be reached just now. Try again in a moment.',
    );

    rerender(
      <QueryError
        title="Your promotions could not be loaded"
        message={failedLoadMessage(new TypeError("Cannot read properties of undefined (reading 'map')"))}
        onRetry={() => undefined}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Something went wrong on this screen. Try again, or reload the app.',
    );

    rerender(
      <QueryError
        title="Your promotions could not be loaded"
        message={failedLoadMessage(new NetworkError(new TypeError('Failed to fetch')))}
        onRetry={() => undefined}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Check your connection and try again.');
  });

  it('refetches the failed query on retry and shows its data once it arrives', async () => {
    const load = vi.fn<() => Promise<string>>();
    load.mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce('Kia ora');
    renderWithClient(<Greeting load={load} />);

    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));

    expect(await screen.findByText('Kia ora')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('disables the button while the retry is on its way', () => {
    render(<QueryError title="Customers could not be loaded" onRetry={() => undefined} retrying />);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeDisabled();
  });
});

describe('refetchAll', () => {
  it('refetches every query a screen waits on, and settles when all have', async () => {
    const account = { refetch: vi.fn(() => Promise.resolve('account')) };
    const promotions = { refetch: vi.fn(() => Promise.resolve('promotions')) };
    await expect(refetchAll(account, promotions)()).resolves.toEqual(['account', 'promotions']);
    expect(account.refetch).toHaveBeenCalledOnce();
    expect(promotions.refetch).toHaveBeenCalledOnce();
  });
});
