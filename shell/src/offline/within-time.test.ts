import { afterEach, describe, expect, it, vi } from 'vitest';
import { RESTORE_TIMEOUT_MS } from './query-persistence';
import { withinTime } from './within-time';

describe('withinTime', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('gives the value when the offline store answers in time', async () => {
    await expect(withinTime(Promise.resolve('session'), RESTORE_TIMEOUT_MS)).resolves.toBe('session');
  });

  it('gives up after the restore timeout, so the first render never waits on a stuck store', async () => {
    vi.useFakeTimers();
    const stuck = new Promise<string>(() => undefined);
    const result = withinTime(stuck, RESTORE_TIMEOUT_MS);
    await vi.advanceTimersByTimeAsync(RESTORE_TIMEOUT_MS);
    await expect(result).resolves.toBeUndefined();
  });
});
