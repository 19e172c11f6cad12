import { currentSession } from '@promo/domain/session/session';
import { ANONYMOUS_SESSION } from '@promo/domain/session/session.rules';
import { buildSession } from '@promo/domain/testing/data-generators';
import type { Audience } from '@promo/domain/paths';
import type { Session } from '@promo/domain/types';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppRouter, AppRoutes, createAppMemoryHistory, useLocation } from '@promo/ui/router';
import { RequireAudience } from './require-audience';

function Where() {
  return <p>at {useLocation().pathname}</p>;
}

function renderAt(path: string, audience: Audience, session: Session) {
  currentSession.set(session);
  const routes = [
    {
      path: '/guarded',
      element: (
        <RequireAudience audience={audience}>
          <p>guarded content</p>
        </RequireAudience>
      ),
    },
    { path: '*', element: <Where /> },
  ];
  render(
    <AppRouter history={createAppMemoryHistory([path])}>
      <AppRoutes routes={routes} />
    </AppRouter>,
  );
}

const customer = buildSession();
const rep = buildSession({ role: 'rep', accountid: undefined });

describe('RequireAudience', () => {
  it('sends a signed-out visitor on a guarded page to /login', () => {
    renderAt('/guarded', 'customer', ANONYMOUS_SESSION);
    expect(screen.getByText('at /login')).toBeInTheDocument();
  });

  it('sends a rep on a customer page to /salesrep', () => {
    renderAt('/guarded', 'customer', rep);
    expect(screen.getByText('at /salesrep')).toBeInTheDocument();
  });

  it('sends a customer on a rep page to /', () => {
    renderAt('/guarded', 'rep', customer);
    expect(screen.getByText('at /')).toBeInTheDocument();
  });

  it('sends a signed-in user away from a guest page to /', () => {
    renderAt('/guarded', 'guest', rep);
    expect(screen.getByText('at /')).toBeInTheDocument();
  });

  it('admits the right audience', () => {
    renderAt('/guarded', 'customer', customer);
    expect(screen.getByText('guarded content')).toBeInTheDocument();
  });

  it('admits customers and reps to signed-in pages, and everyone to open pages', () => {
    renderAt('/guarded', 'signed-in', rep);
    expect(screen.getByText('guarded content')).toBeInTheDocument();
  });

  it('admits a visitor to an open page', () => {
    renderAt('/guarded', 'open', ANONYMOUS_SESSION);
    expect(screen.getByText('guarded content')).toBeInTheDocument();
  });
});
