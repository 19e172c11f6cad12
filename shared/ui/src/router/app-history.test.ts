import { describe, expect, it, vi } from 'vitest';
import { createAppMemoryHistory, type BlockerFunction, type HeldNavigation } from './app-history';

function setup(entries = ['/a', '/b']) {
  const history = createAppMemoryHistory(entries);
  const seen: string[] = [];
  history.listen(({ action, location }) => seen.push(`${action} ${location.pathname}${location.search}`));
  const held: HeldNavigation[] = [];
  return { history, seen, held };
}

const leavingPath: BlockerFunction = ({ currentLocation, nextLocation }) =>
  currentLocation.pathname !== nextLocation.pathname;

describe('the app history', () => {
  it('navigates and reports every change while nothing blocks', () => {
    const { history, seen } = setup(['/a']);
    history.push('/b?x=1');
    history.replace('/c');
    history.go(-1);
    expect(seen).toEqual(['PUSH /b?x=1', 'REPLACE /c', 'POP /a']);
    expect(history.location.pathname).toBe('/a');
  });

  it('holds a push its blocker approves, and carries it out on proceed', () => {
    const { history, seen, held } = setup(['/a']);
    const when = vi.fn(leavingPath);
    history.block(when, (navigation) => held.push(navigation));
    history.push('/b', { from: 'test' });
    expect(seen).toEqual([]);
    expect(history.location.pathname).toBe('/a');
    expect(held[0]!.location).toMatchObject({ pathname: '/b', search: '', state: { from: 'test' } });
    expect(when.mock.calls[0]![0].currentLocation.pathname).toBe('/a');
    expect(when.mock.calls[0]![0].historyAction).toBe('PUSH');
    held[0]!.proceed();
    expect(seen).toEqual(['PUSH /b']);
    expect(when).toHaveBeenCalledTimes(1);
  });

  it('lets through what the blocker does not approve (same path, new search)', () => {
    const { history, seen, held } = setup(['/a']);
    history.block(leavingPath, (navigation) => held.push(navigation));
    history.push('/a?page=2');
    expect(seen).toEqual(['PUSH /a?page=2']);
    expect(held).toEqual([]);
  });

  it('undoes a held back navigation, stays on reset, and goes back on proceed', () => {
    const { history, seen, held } = setup(['/a', '/b']);
    history.block(leavingPath, (navigation) => held.push(navigation));
    history.go(-1);
    expect(seen).toEqual([]);
    expect(history.location.pathname).toBe('/b');
    held[0]!.reset();
    expect(history.location.pathname).toBe('/b');

    history.go(-1);
    expect(held).toHaveLength(2);
    held[1]!.proceed();
    expect(seen).toEqual(['POP /a']);
    expect(history.location.pathname).toBe('/a');
  });

  it('stops holding once the blocker is released', () => {
    const { history, seen, held } = setup(['/a']);
    const release = history.block(leavingPath, (navigation) => held.push(navigation));
    release();
    history.push('/b');
    expect(seen).toEqual(['PUSH /b']);
    expect(held).toEqual([]);
  });
});
