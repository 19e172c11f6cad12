import { useCallback, useEffect, useRef, useState } from 'react';

export interface ServerActionCallbacks<TResult> {
  onSuccess?: (result: TResult) => void;
  onError?: (error: unknown) => void;
}

export interface ServerAction<TInput, TResult> {
  /** Starts the action; the callbacks run after the hook's own (a caller's messages, say). */
  run: (input: TInput, callbacks?: ServerActionCallbacks<TResult>) => void;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  /** Back to idle (a dialog opened again). */
  reset: () => void;
}

type State = { status: 'idle' | 'pending' | 'success' } | { status: 'error'; error: unknown };

/**
 * A call to the server with its pending and error state, for the pages that render without the
 * QueryClient (the login page: every visitor arrives there, and it must not download TanStack
 * Query: docs/decisions/002-session-store.md). Anywhere else, use useMutation. A result arriving after the component unmounted
 * still runs the callbacks (a sign-in navigates) but sets no state.
 */
export function useServerAction<TInput, TResult>(
  action: (input: TInput) => Promise<TResult>,
  options: ServerActionCallbacks<TResult> = {},
): ServerAction<TInput, TResult> {
  const [state, setState] = useState<State>({ status: 'idle' });
  const latest = useRef({ action, options });
  const mounted = useRef(true);
  useEffect(() => {
    latest.current = { action, options };
  });
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const run = useCallback((input: TInput, callbacks: ServerActionCallbacks<TResult> = {}) => {
    const { action: call, options: own } = latest.current;
    const settle = (next: State) => {
      if (mounted.current) setState(next);
    };
    settle({ status: 'pending' });
    call(input).then(
      (result) => {
        settle({ status: 'success' });
        own.onSuccess?.(result);
        callbacks.onSuccess?.(result);
      },
      (error: unknown) => {
        settle({ status: 'error', error });
        own.onError?.(error);
        callbacks.onError?.(error);
      },
    );
  }, []);
  const reset = useCallback(() => setState({ status: 'idle' }), []);

  return {
    run,
    isPending: state.status === 'pending',
    isError: state.status === 'error',
    error: state.status === 'error' ? state.error : undefined,
    reset,
  };
}
