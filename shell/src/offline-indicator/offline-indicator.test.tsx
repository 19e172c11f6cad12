import { accountQueries } from '@promo/domain/account/account.queries';
import { NetworkError } from '@promo/domain/http/http-client';
import { currentSession } from '@promo/domain/session/session';
import { buildAccount } from '@promo/domain/testing/data-generators';
import type { Account } from '@promo/domain/types';
import { NotificationArea } from '@promo/ui/notifications';
import { QueryClient, QueryClientProvider, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setQueryRuntime } from '../query-client/query-access';
import { createQueryClient, queryRuntimeFor } from '../query-client/query-runtime';
import { OfflineIndicator } from './offline-indicator';
import { OFFLINE_ACTION_MESSAGE, OFFLINE_NOTICE_ON_SCREEN } from '@promo/ui/server-action';

const startedAt = new Date(2026, 4, 12, 11, 0).getTime();
const savedAt = new Date(2026, 4, 12, 10, 32).getTime();
const accountKey = accountQueries.detail('G100001').queryKey;

/** A screen that shows the customer's account, as the dashboard does. */
function AccountProbe() {
  const { data } = useQuery({ ...accountQueries.detail('G100001'), enabled: false });
  return <p>{data?.name}</p>;
}

function renderWith(client: QueryClient, children: React.ReactNode) {
  currentSession.set({ role: 'customer', userid: 'u1', accountid: 'G100001' });
  // The shell's view of the app's QueryClient, as query-access.ts sets it once the client exists.
  setQueryRuntime(queryRuntimeFor(client));
  return render(<QueryClientProvider client={client}>{children}</QueryClientProvider>);
}

/** The indicator above a screen that shows the customer's account. */
const renderIndicatorOverAccount = (client: QueryClient) =>
  renderWith(
    client,
    <>
      <OfflineIndicator startedAt={startedAt} />
      <AccountProbe />
    </>,
  );

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

describe('OfflineIndicator', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    setQueryRuntime(undefined);
  });

  it('says the app is offline on a page without data (no QueryClient yet, as on /login)', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(<OfflineIndicator startedAt={startedAt} />);
    expect(screen.getByRole('status')).toHaveTextContent('You are offline');
    expect(screen.getByRole('status')).not.toHaveTextContent('as at');
  });

  it('says the server cannot be reached when the session check could not reach it (as on /login)', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    render(<OfflineIndicator startedAt={startedAt} />);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    await act(() => currentSession.check());
    expect(screen.getByRole('status')).toHaveTextContent('The server cannot be reached');
    vi.unstubAllGlobals();
  });

  it('says the app is offline and how old the saved data on screen is', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const client = new QueryClient();
    client.setQueryData(accountKey, buildAccount({ id: 'G100001', name: 'Kept Motors' }), {
      updatedAt: savedAt,
    });
    renderIndicatorOverAccount(client);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('You are offline');
    expect(status).toHaveTextContent('Showing your saved data as at 10:32 AM on 12 May 2026.');
    expect(status).toHaveTextContent('Anything that needs the server');
    expect(screen.getByText('Kept Motors')).toBeInTheDocument();
  });

  it('shows nothing online with fresh data, and appears when the connection drops', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    const client = new QueryClient();
    client.setQueryData(accountKey, buildAccount({ id: 'G100001' }), { updatedAt: startedAt + 1000 });
    renderIndicatorOverAccount(client);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    act(() => setOnline(false));
    expect(screen.getByRole('status')).toHaveTextContent('You are offline');
    act(() => setOnline(true));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('says "Updating…" over the page while saved data is refreshed online, and goes once it is in', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    const client = new QueryClient();
    client.setQueryData(accountKey, buildAccount({ id: 'G100001', name: 'Kept Motors' }), {
      updatedAt: savedAt,
    });
    let answer: (name: string) => void = () => undefined;
    renderIndicatorOverAccount(client);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    let refetch: Promise<unknown> = Promise.resolve();
    act(() => {
      refetch = client.fetchQuery(
        queryOptions({
          queryKey: accountKey,
          queryFn: () =>
            new Promise<Account>((resolve) => {
              answer = (name) => resolve(buildAccount({ id: 'G100001', name }));
            }),
        }),
      );
    });
    expect(await screen.findByText('Updating…')).toBeInTheDocument();
    expect(screen.getByRole('status')).not.toHaveTextContent('offline');
    expect(screen.getByText('Kept Motors')).toBeInTheDocument();
    answer('Fresh Motors');
    await act(() => refetch);
    expect(await screen.findByText('Fresh Motors')).toBeInTheDocument();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('ignores saved data that is not on screen', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const client = new QueryClient();
    client.setQueryData(accountKey, buildAccount({ id: 'G100001' }), { updatedAt: savedAt });
    renderWith(client, <OfflineIndicator startedAt={startedAt} />);
    expect(screen.getByRole('status')).toHaveTextContent('You are offline');
    expect(screen.getByRole('status')).not.toHaveTextContent('as at');
  });
});

function JoinButton({ noticeOnScreen = false }: { noticeOnScreen?: boolean }) {
  const join = useMutation({
    mutationFn: () => Promise.reject(new NetworkError(new TypeError('Failed to fetch'))),
    ...(noticeOnScreen ? { meta: OFFLINE_NOTICE_ON_SCREEN } : {}),
  });
  return (
    <button type="button" onClick={() => join.mutate()}>
      Accept
    </button>
  );
}

describe('the offline action notices', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    setQueryRuntime(undefined);
  });

  it('says plainly that an action failed because the app is offline', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderWith(
      createQueryClient(),
      <>
        <NotificationArea />
        <JoinButton />
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
    const toast = await screen.findByText(OFFLINE_ACTION_MESSAGE);
    expect(screen.getByRole('alert')).toContainElement(toast);
  });

  it('adds no toast for an action whose screen shows the message itself', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const client = createQueryClient();
    renderWith(
      client,
      <>
        <NotificationArea />
        <JoinButton noticeOnScreen />
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
    await vi.waitFor(() => expect(client.getMutationCache().getAll()[0]?.state.status).toBe('error'));
    expect(screen.queryByText(OFFLINE_ACTION_MESSAGE)).not.toBeInTheDocument();
  });
});
