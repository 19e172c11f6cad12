import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterLoadAndIdle } from './start-app-update';

afterEach(() => {
  vi.useRealTimers();
});

/** A loaded page's window, with or without requestIdleCallback (WebKit has none). */
function loadedWindow(idle: boolean, readyState = 'complete') {
  const requestIdleCallback = vi.fn();
  const addEventListener = vi.fn();
  const win = {
    document: { readyState },
    setTimeout: (callback: () => void, ms: number) => setTimeout(callback, ms),
    addEventListener,
    ...(idle ? { requestIdleCallback } : {}),
  } as unknown as Window;
  return { win, requestIdleCallback, addEventListener };
}

describe('afterLoadAndIdle', () => {
  it('runs a second after the load where the engine has no requestIdleCallback (WebKit)', () => {
    vi.useFakeTimers();
    const run = vi.fn();
    afterLoadAndIdle(run, loadedWindow(false).win);
    vi.advanceTimersByTime(999);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('asks for idle time, within 5 s, where the engine has requestIdleCallback', () => {
    const { win, requestIdleCallback } = loadedWindow(true);
    const run = vi.fn();
    afterLoadAndIdle(run, win);
    expect(requestIdleCallback).toHaveBeenCalledWith(run, { timeout: 5000 });
  });

  it('waits for the load event when the page is still loading', () => {
    const { win, addEventListener } = loadedWindow(false, 'loading');
    afterLoadAndIdle(vi.fn(), win);
    expect(addEventListener).toHaveBeenCalledWith('load', expect.any(Function), { once: true });
  });
});
