import { appAtom, appStore, useAtomValue } from '@promo/ui/app-store';
import { pageFrameAtom, usePageFrame } from '@promo/ui/page-frame';
import { AppRouter, AppRoutes, createAppMemoryHistory, Outlet } from '@promo/ui/router';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { Header } from './header';
import { firstTitleFocus, isTyping, nextTitleFocus } from './title-focus';

const home = { title: 'Home', showBack: false };
const account = { title: 'My Account', showBack: false };

describe('nextTitleFocus', () => {
  const start = firstTitleFocus({ key: 'a', pathname: '/' });

  it('is not due on the first page', () => {
    expect(nextTitleFocus(start, { key: 'a', pathname: '/' }, home).moves).toBe(0);
  });

  it("waits for the new page's own frame: the one on screen as the location changes is the old page's", () => {
    const moved = nextTitleFocus(start, { key: 'b', pathname: '/my-account' }, home);
    expect(moved.moves).toBe(0);
    expect(nextTitleFocus(moved, { key: 'b', pathname: '/my-account' }, account).moves).toBe(1);
  });

  it('waits past an empty title (a page named by its data, still loading)', () => {
    const moved = nextTitleFocus(start, { key: 'b', pathname: '/promotions/P1' }, home);
    const loading = nextTitleFocus(
      moved,
      { key: 'b', pathname: '/promotions/P1' },
      { title: '', showBack: true },
    );
    expect(loading.moves).toBe(0);
    const named = { title: 'Tier Up Hamper Challenge', showBack: true };
    expect(nextTitleFocus(loading, { key: 'b', pathname: '/promotions/P1' }, named).moves).toBe(1);
  });

  it('is due on a page with the same title as the last one when the path changed', () => {
    const moved = nextTitleFocus(start, { key: 'b', pathname: '/elsewhere' }, home);
    expect(nextTitleFocus(moved, { key: 'b', pathname: '/elsewhere' }, { ...home }).moves).toBe(1);
  });

  it('is not due on a new query string that keeps the title (a sort, the next page of a table)', () => {
    const sorted = nextTitleFocus(start, { key: 'b', pathname: '/' }, home);
    expect(nextTitleFocus(sorted, { key: 'b', pathname: '/' }, { ...home }).moves).toBe(0);
  });

  it('follows a redirect through to the page it ends on, once', () => {
    const redirected = nextTitleFocus(
      nextTitleFocus(start, { key: 'b', pathname: '/salesrep' }, home),
      { key: 'c', pathname: '/salesrep/select-branches' },
      home,
    );
    const branches = { title: 'Select Branches', showBack: false };
    expect(
      nextTitleFocus(redirected, { key: 'c', pathname: '/salesrep/select-branches' }, branches).moves,
    ).toBe(1);
  });
});

describe('isTyping', () => {
  it('is true in a text field, a text area, a list box and an editable element only', () => {
    const editable = document.createElement('div');
    editable.contentEditable = 'true';
    document.body.append(editable);
    expect(isTyping(document.createElement('input'))).toBe(true);
    expect(isTyping(document.createElement('textarea'))).toBe(true);
    expect(isTyping(document.createElement('select'))).toBe(true);
    expect(isTyping(editable)).toBe(true);
    expect(isTyping(document.createElement('button'))).toBe(false);
    expect(isTyping(document.body)).toBe(false);
    expect(isTyping(null)).toBe(false);
    editable.remove();
  });
});

function Page({ title }: { title: string }) {
  usePageFrame(title);
  return (
    <label>
      {title} search <input />
    </label>
  );
}

/** A page named by its data: no title until the test names it. */
const lateTitleAtom = appAtom('');
function LatePage() {
  usePageFrame(useAtomValue(lateTitleAtom));
  return (
    <label>
      Late search <input />
    </label>
  );
}

function renderAt(path: string) {
  const history = createAppMemoryHistory([path]);
  render(
    <AppRouter history={history}>
      <AppRoutes
        routes={[
          {
            element: (
              <>
                <Header />
                <Outlet />
              </>
            ),
            children: [
              { path: '/', element: <Page title="Home" /> },
              { path: '/my-account', element: <Page title="My Account" /> },
              { path: '/late', element: <LatePage /> },
            ],
          },
        ]}
      />
    </AppRouter>,
  );
  return history;
}

describe('the header title after a navigation', () => {
  beforeEach(() => {
    appStore.set(pageFrameAtom, { title: '', showBack: false });
    appStore.set(lateTitleAtom, '');
  });

  it('takes focus once the new page has set it, without scrolling; not on the first page', async () => {
    const history = renderAt('/');
    const title = await screen.findByRole('heading', { level: 1, name: 'Home' });
    expect(title).not.toHaveFocus();

    act(() => history.push('/my-account'));
    expect(await screen.findByRole('heading', { level: 1, name: 'My Account' })).toHaveFocus();
    act(() => history.go(-1));
    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toHaveFocus();
  });

  it('leaves focus in a field someone typed in while the title was still loading', async () => {
    const history = renderAt('/');
    await screen.findByRole('heading', { level: 1, name: 'Home' });
    act(() => history.push('/late'));
    await userEvent.click(await screen.findByRole('textbox', { name: 'Late search' }));
    act(() => appStore.set(lateTitleAtom, 'Named late'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Named late' })).not.toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'Late search' })).toHaveFocus();
  });
});
