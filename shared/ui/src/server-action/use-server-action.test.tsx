import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useServerAction } from './use-server-action';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((done, fail) => {
    resolve = done;
    reject = fail;
  });
  return { promise, resolve, reject };
}

describe('useServerAction', () => {
  it('is pending while the call runs, then runs its own callback before the caller’s', async () => {
    const call = deferred<string>();
    const order: string[] = [];
    const { result } = renderHook(() =>
      useServerAction((input: number) => (input === 1 ? call.promise : Promise.reject(new Error('no'))), {
        onSuccess: (value) => order.push(`own ${value}`),
      }),
    );
    expect(result.current.isPending).toBe(false);
    act(() => result.current.run(1, { onSuccess: (value) => order.push(`caller ${value}`) }));
    expect(result.current.isPending).toBe(true);
    await act(async () => {
      call.resolve('ok');
      await call.promise;
    });
    expect(result.current.isPending).toBe(false);
    expect(result.current.isError).toBe(false);
    expect(order).toEqual(['own ok', 'caller ok']);
  });

  it('keeps the error until reset, and tells the caller', async () => {
    const failure = new Error('Login failed');
    const onError = vi.fn();
    const { result } = renderHook(() => useServerAction(() => Promise.reject(failure)));
    act(() => result.current.run(undefined, { onError }));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error).toBe(failure);
    expect(onError).toHaveBeenCalledWith(failure);
    act(() => result.current.reset());
    expect(result.current.isError).toBe(false);
    expect(result.current.error).toBeUndefined();
  });

  it('after an unmount, still runs the callbacks (a sign-in navigates) without touching state', async () => {
    const call = deferred<string>();
    const onSuccess = vi.fn();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { result, unmount } = renderHook(() => useServerAction(() => call.promise));
    act(() => result.current.run(undefined, { onSuccess }));
    unmount();
    await act(async () => {
      call.resolve('done');
      await call.promise;
    });
    expect(onSuccess).toHaveBeenCalledWith('done');
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });
});
