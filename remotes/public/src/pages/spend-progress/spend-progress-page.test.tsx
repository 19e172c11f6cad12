import { provideRuntimeConfig } from '@promo/domain/remote-contract';
import { buildSpendProgressMessage } from '@promo/domain/testing/data-generators';
import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { mockApi, renderPage } from '@promo/ui/testing';
import SpendProgressPage from './spend-progress-page';

const OWN_ORIGIN = window.location.origin;
const THREE_TARGETS = [
  { targetNumber: 1, amount: 10000 },
  { targetNumber: 2, amount: 20000 },
  { targetNumber: 3, amount: 30000 },
];

/** What the browser delivers when the parent window posts to this page (window.parent === window here). */
function post(data: unknown, origin = OWN_ORIGIN, source: MessageEventSource | null = window) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
  });
}

/** The shell provides the environment's configuration at start; here the test does. */
function renderWithConfig(spendProgressParentOrigins?: string[]) {
  provideRuntimeConfig({
    environment: 'test',
    apiBase: '/api/v1',
    remotes: { public: '', customer: '', salesrep: '' },
    ...(spendProgressParentOrigins ? { spendProgressParentOrigins } : {}),
  });
  mockApi({});
  return renderPage(<SpendProgressPage />, { path: '/spend-progress' });
}

const waiting = () => screen.findByText('Waiting for your spend progress…');

let warn: MockInstance;
beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('SpendProgressPage', () => {
  it('waits for the parent window, with the title Spend Progress', async () => {
    const { title } = renderWithConfig();
    expect(await waiting()).toBeInTheDocument();
    expect(title()).toBe('Spend Progress');
  });

  it("shows the single-target view for a message with one target, from the page's own origin by default", async () => {
    renderWithConfig();
    await waiting();
    post(buildSpendProgressMessage());
    const view = screen.getByRole('region', { name: 'Your progress' });
    expect(within(view).getByText('Actual').nextSibling).toHaveTextContent('$2,500.00');
    expect(within(view).getByText('Target').nextSibling).toHaveTextContent('$10,000');
    expect(within(view).getByText('% Target Achieved').nextSibling).toHaveTextContent('25%');
    expect(within(view).getByRole('progressbar', { name: 'Spend against target' })).toHaveAttribute(
      'aria-valuenow',
      '25',
    );
    expect(screen.getByText('Test Motors Ltd (G100001)')).toBeInTheDocument();
    expect(screen.getByText(/Promo Days Remaining/)).toBeInTheDocument();
    expect(screen.getByText('All spend values displayed exclude GST')).toBeInTheDocument();
    expect(
      screen.getByText('Current spend data displayed as at end of last trading day'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /across/ })).not.toBeInTheDocument();
  });

  it('shows the multi-target view for a message with more than one target', async () => {
    renderWithConfig();
    await waiting();
    post(buildSpendProgressMessage({ totalSpend: 15000, currentProgressTargets: THREE_TARGETS }));
    const view = screen.getByRole('region', { name: 'Your progress across 3 targets' });
    expect(within(view).getByText('Targets Reached').nextSibling).toHaveTextContent('1 of 3');
    const bars = within(view).getAllByRole('progressbar');
    expect(bars.map((bar) => bar.getAttribute('aria-label'))).toEqual([
      'Target 1 progress',
      'Target 2 progress',
      'Target 3 progress',
    ]);
    expect(bars.map((bar) => bar.getAttribute('aria-valuenow'))).toEqual(['100', '75', '50']);
    expect(screen.queryByRole('region', { name: 'Your progress' })).not.toBeInTheDocument();
  });

  it('lists the spend by division', async () => {
    renderWithConfig();
    await waiting();
    post(buildSpendProgressMessage());
    const table = within(screen.getByRole('region', { name: 'Spend by division' })).getByRole('table');
    expect(within(table).getByRole('rowheader', { name: 'Autolign' }).nextSibling).toHaveTextContent(
      '$1,500.00',
    );
    expect(within(table).getByRole('rowheader', { name: 'BNT' }).nextSibling).toHaveTextContent('$1,000.00');
  });

  it('ignores and logs a message from another origin', async () => {
    renderWithConfig();
    await waiting();
    post(buildSpendProgressMessage(), 'https://evil.example');
    expect(screen.getByText('Waiting for your spend progress…')).toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('https://evil.example'));
  });

  it('ignores a message from another window, even of an allowed origin', async () => {
    renderWithConfig();
    await waiting();
    post(buildSpendProgressMessage(), OWN_ORIGIN, null);
    expect(screen.getByText('Waiting for your spend progress…')).toBeInTheDocument();
  });

  it('ignores and logs a message of the wrong shape, and keeps what it showed', async () => {
    renderWithConfig();
    await waiting();
    post(buildSpendProgressMessage());
    post({ ...buildSpendProgressMessage({ currentProgressTargets: THREE_TARGETS }), totalSpend: '999' });
    expect(screen.getByRole('region', { name: 'Your progress' })).toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('totalSpend: expected a finite number'));
  });

  it('accepts only the parent origins the environment lists', async () => {
    renderWithConfig(['https://portal.example']);
    await waiting();
    post(buildSpendProgressMessage(), OWN_ORIGIN);
    expect(screen.getByText('Waiting for your spend progress…')).toBeInTheDocument();
    post(buildSpendProgressMessage(), 'https://portal.example');
    expect(screen.getByRole('region', { name: 'Your progress' })).toBeInTheDocument();
  });

  it('renders message content as text, never as HTML', async () => {
    const { container } = renderWithConfig();
    await waiting();
    post(
      buildSpendProgressMessage({
        account: { id: 'G1', name: '<img src=x onerror="alert(1)">' },
        promoInfoText: '<b>bold</b>',
        termsConditions: '<p>Terms apply.</p><img src=x onerror="alert(2)">',
      }),
    );
    expect(screen.getByText('<img src=x onerror="alert(1)"> (G1)')).toBeInTheDocument();
    expect(screen.getByText('<b>bold</b>')).toBeInTheDocument();
    expect(screen.getByText('Terms apply.')).toBeInTheDocument();
    expect(container.querySelector('img, b')).toBeNull();
  });
});
