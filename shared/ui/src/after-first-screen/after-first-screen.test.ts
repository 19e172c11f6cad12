import { describe, expect, it, vi } from 'vitest';
import { afterFirstScreen } from './after-first-screen';

/**
 * A window with no images and the frame and timer hooks afterFirstScreen uses; `idle` says whether
 * the engine has requestIdleCallback (WebKit has none).
 */
function fakeWindow(idle: boolean) {
  const idleCallbacks: (() => void)[] = [];
  const win = {
    document: { querySelectorAll: () => [] },
    requestAnimationFrame: (callback: () => void) => setTimeout(callback, 0),
    setTimeout: (callback: () => void, ms: number) => setTimeout(callback, ms),
    ...(idle ? { requestIdleCallback: vi.fn((callback: () => void) => idleCallbacks.push(callback)) } : {}),
  };
  return { win: win as unknown as Window, idleCallbacks };
}

describe('afterFirstScreen', () => {
  it('goes on after a frame where the engine has no requestIdleCallback (WebKit)', async () => {
    const { win } = fakeWindow(false);
    await expect(afterFirstScreen(win, 60_000)).resolves.toBeUndefined();
  });

  it('waits for idle time where the engine has requestIdleCallback', async () => {
    const { win, idleCallbacks } = fakeWindow(true);
    let settled = false;
    const done = afterFirstScreen(win, 60_000).then(() => (settled = true));
    await vi.waitFor(() => expect(idleCallbacks).toHaveLength(1));
    expect(settled).toBe(false);
    idleCallbacks[0]!();
    await done;
    expect(settled).toBe(true);
  });
});
