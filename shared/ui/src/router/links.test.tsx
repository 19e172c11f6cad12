import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createAppMemoryHistory } from './app-history';
import { AppRouter, AppRoutes } from './app-router';
import { Link, NavLink } from './links';

function renderAt(path: string, element: React.ReactNode) {
  const history = createAppMemoryHistory([path]);
  const actions: string[] = [];
  history.listen(({ action, location }) => actions.push(`${action} ${location.pathname}`));
  render(
    <AppRouter history={history}>
      <AppRoutes routes={[{ path: '*', element }]} />
    </AppRouter>,
  );
  return { history, actions };
}

describe('Link', () => {
  it('has its address and navigates in the app on a plain click', () => {
    const { history, actions } = renderAt(
      '/promotions/1',
      <Link to="/promotions/2" state={{ from: 'list' }}>
        Details
      </Link>,
    );
    const link = screen.getByRole('link', { name: 'Details' });
    expect(link).toHaveAttribute('href', '/promotions/2');
    fireEvent.click(link);
    expect(actions).toEqual(['PUSH /promotions/2']);
    expect(history.location.state).toEqual({ from: 'list' });
  });

  it('replaces the entry when it leads where the app already is', () => {
    const { actions } = renderAt('/a', <Link to="/a">Here</Link>);
    fireEvent.click(screen.getByRole('link', { name: 'Here' }));
    expect(actions).toEqual(['REPLACE /a']);
  });

  it('leaves modified clicks, other tabs and prevented clicks to the browser', () => {
    const { actions } = renderAt(
      '/a',
      <>
        <Link to="/b">Plain</Link>
        <Link to="/b" target="_blank">
          New tab
        </Link>
        <Link to="/b" onClick={(event) => event.preventDefault()}>
          Prevented
        </Link>
      </>,
    );
    // What the browser is left with; then kept from following it (the test environment would).
    const leftToBrowser: boolean[] = [];
    const record = (event: Event) => {
      leftToBrowser.push(!event.defaultPrevented);
      event.preventDefault();
    };
    document.addEventListener('click', record);
    fireEvent.click(screen.getByRole('link', { name: 'Plain' }), { ctrlKey: true });
    fireEvent.click(screen.getByRole('link', { name: 'Plain' }), { button: 1 });
    fireEvent.click(screen.getByRole('link', { name: 'New tab' }));
    document.removeEventListener('click', record);
    expect(leftToBrowser).toEqual([true, true, true]);
    fireEvent.click(screen.getByRole('link', { name: 'Prevented' }));
    expect(actions).toEqual([]);
  });

  it('leaves a link to another site as it is', () => {
    renderAt('/a', <Link to="https://example.test/help">Help</Link>);
    expect(screen.getByRole('link', { name: 'Help' })).toHaveAttribute('href', 'https://example.test/help');
  });
});

describe('NavLink', () => {
  it('is the current page on its path, and under it unless it ends there', () => {
    renderAt(
      '/salesrep/promotions/1',
      <>
        <NavLink to="/salesrep/promotions">Promotions</NavLink>
        <NavLink to="/salesrep/promotions/1" end className={({ isActive }) => (isActive ? 'on' : 'off')}>
          This one
        </NavLink>
        <NavLink to="/salesrep" end>
          Home
        </NavLink>
        <NavLink to="/salesrep/promo">Prefix only</NavLink>
      </>,
    );
    expect(screen.getByRole('link', { name: 'Promotions' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'This one' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'This one' })).toHaveClass('on');
    expect(screen.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'Prefix only' })).not.toHaveAttribute('aria-current');
  });
});
