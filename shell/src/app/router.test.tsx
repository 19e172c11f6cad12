import { act, render, screen } from '@testing-library/react';
import { AppRouter, createAppMemoryHistory } from '@promo/ui/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ShellRoutes } from './router';

const frame = vi.hoisted(() => ({ mounts: 0, breaksAt: '' }));

// The frame in small: it counts its mounts and breaks on one path, as a header that throws would.
vi.mock('../layout/app-layout', async () => {
  const { Outlet, useLocation } = await import('@promo/ui/router');
  const { useEffect } = await import('react');
  return {
    AppLayout: () => {
      const { pathname } = useLocation();
      useEffect(() => {
        frame.mounts += 1;
      }, []);
      if (pathname === frame.breaksAt) throw new Error('The frame broke.');
      return (
        <div>
          <p>frame</p>
          <Outlet />
        </div>
      );
    },
  };
});
vi.mock('../guards/require-audience', () => ({
  RequireAudience: ({ children }: { children: React.ReactNode }) => children,
}));
vi.mock('../federation/remote-mount', async () => {
  const { useLocation } = await import('@promo/ui/router');
  return {
    RemoteMount: ({ remote }: { remote: string }) => (
      <p>
        {remote} page at {useLocation().pathname}
      </p>
    ),
  };
});

function renderAt(path: string) {
  const history = createAppMemoryHistory([path]);
  render(
    <AppRouter history={history}>
      <ShellRoutes />
    </AppRouter>,
  );
  return history;
}

describe('the shell routes', () => {
  beforeEach(() => {
    frame.mounts = 0;
    frame.breaksAt = '';
  });
  afterEach(() => vi.restoreAllMocks());

  it('keep the page frame mounted from page to page: only the page changes', () => {
    const history = renderAt('/');
    expect(screen.getByText('customer page at /')).toBeInTheDocument();
    act(() => history.push('/my-account'));
    expect(screen.getByText('customer page at /my-account')).toBeInTheDocument();
    act(() => history.push('/contact-us'));
    expect(screen.getByText('public page at /contact-us')).toBeInTheDocument();
    expect(frame.mounts).toBe(1);
  });

  it('show the error page when the frame itself throws, and a new path clears it', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    frame.breaksAt = '/my-account';
    const history = renderAt('/my-account');
    expect(screen.getByRole('heading', { name: 'Oops!' })).toBeInTheDocument();
    expect(screen.queryByText('frame')).not.toBeInTheDocument();
    act(() => history.push('/'));
    expect(screen.queryByRole('heading', { name: 'Oops!' })).not.toBeInTheDocument();
    expect(screen.getByText('customer page at /')).toBeInTheDocument();
  });
});
