import { appStore } from '@promo/ui/app-store';
import { pageFrameAtom, usePageFrame } from '@promo/ui/page-frame';
import { AppRouter, AppRoutes, createAppMemoryHistory } from '@promo/ui/router';
import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { firstAnnouncer, nextAnnouncer, RouteAnnouncer } from './route-announcer';

const home = { title: 'Home', showBack: false };
const account = { title: 'My Account', showBack: false };

describe('nextAnnouncer', () => {
  const start = firstAnnouncer({ key: 'a', pathname: '/' });

  it('says nothing for the first page', () => {
    expect(nextAnnouncer(start, { key: 'a', pathname: '/' }, home).announced).toBe('');
  });

  it("waits for the new page's own frame: the one on screen as the location changes is the old page's", () => {
    const moved = nextAnnouncer(start, { key: 'b', pathname: '/my-account' }, home);
    expect(moved.announced).toBe('');
    expect(nextAnnouncer(moved, { key: 'b', pathname: '/my-account' }, account).announced).toBe('My Account');
  });

  it('waits past an empty title (a page named by its data, still loading)', () => {
    const moved = nextAnnouncer(start, { key: 'b', pathname: '/promotions/P1' }, home);
    const loading = nextAnnouncer(
      moved,
      { key: 'b', pathname: '/promotions/P1' },
      { title: '', showBack: true },
    );
    expect(loading.announced).toBe('');
    const named = { title: 'Tier Up Hamper Challenge', showBack: true };
    expect(nextAnnouncer(loading, { key: 'b', pathname: '/promotions/P1' }, named).announced).toBe(
      'Tier Up Hamper Challenge',
    );
  });

  it('announces a page with the same title as the last one when the path changed', () => {
    const moved = nextAnnouncer(start, { key: 'b', pathname: '/elsewhere' }, home);
    expect(nextAnnouncer(moved, { key: 'b', pathname: '/elsewhere' }, { ...home }).announced).toBe('Home');
  });

  it('keeps quiet on a new query string that keeps the title (a sort, the next page of a table)', () => {
    const sorted = nextAnnouncer(start, { key: 'b', pathname: '/' }, home);
    expect(nextAnnouncer(sorted, { key: 'b', pathname: '/' }, { ...home }).announced).toBe('');
  });

  it('follows a redirect through to the page it ends on', () => {
    const redirected = nextAnnouncer(
      nextAnnouncer(start, { key: 'b', pathname: '/salesrep' }, home),
      { key: 'c', pathname: '/salesrep/select-branches' },
      home,
    );
    const branches = { title: 'Select Branches', showBack: false };
    expect(
      nextAnnouncer(redirected, { key: 'c', pathname: '/salesrep/select-branches' }, branches).announced,
    ).toBe('Select Branches');
  });
});

function Page({ title }: { title: string }) {
  usePageFrame(title);
  return <p>{title} page</p>;
}

describe('RouteAnnouncer', () => {
  beforeEach(() => appStore.set(pageFrameAtom, { title: '', showBack: false }));

  it("says each new page's title in a polite live region, not the first page's", async () => {
    const history = createAppMemoryHistory(['/']);
    render(
      <AppRouter history={history}>
        <RouteAnnouncer />
        <AppRoutes
          routes={[
            { path: '/', element: <Page title="Home" /> },
            { path: '/my-account', element: <Page title="My Account" /> },
          ]}
        />
      </AppRouter>,
    );
    const region = await screen.findByText('', { selector: '[aria-live="polite"]' });
    expect(region).toHaveAttribute('aria-atomic', 'true');
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(region).toHaveTextContent('');

    act(() => history.push('/my-account'));
    expect(await screen.findByText('My Account page')).toBeInTheDocument();
    expect(region).toHaveTextContent('My Account');

    act(() => history.go(-1));
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(region).toHaveTextContent('Home');
  });
});
