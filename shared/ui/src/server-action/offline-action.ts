import { NetworkError } from '@promo/domain/http/http-client';
import type { UseMutationOptions } from '@promo/domain/query';

/**
 * What every action that needs the server says when it could not reach it: offline before it
 * started, or the connection dropped while it was on its way (docs/product-rules.md, "Actions while
 * offline").
 */
export const OFFLINE_ACTION_MESSAGE =
  "You're offline. Nothing has been sent; what you entered is still here. Try again when you're back online.";

/**
 * Marks a mutation whose screen shows OFFLINE_ACTION_MESSAGE itself (OfflineActionNotice): the
 * shell then adds no toast of its own for it.
 */
export const OFFLINE_NOTICE_ON_SCREEN = { offlineNoticeOnScreen: true } as const;

/** Whether a mutation's `meta` says its screen shows the offline message itself. */
export function showsOfflineNoticeOnScreen(meta: Record<string, unknown> | undefined): boolean {
  return meta?.offlineNoticeOnScreen === true;
}

/** The action failed for want of a connection, not because the server said no. */
export function isConnectionFailure(error: unknown): error is NetworkError {
  return error instanceof NetworkError;
}

/**
 * The action, refused before anything is sent while the browser is offline: an action that first
 * reads from the server (through a query, which waits for the network) would otherwise sit
 * "pending" and send itself long after the user has moved on.
 */
export function whileOnline<TInput, TResult>(
  send: (input: TInput) => Promise<TResult>,
): (input: TInput) => Promise<TResult> {
  return (input) =>
    typeof navigator !== 'undefined' && !navigator.onLine
      ? Promise.reject(new NetworkError(new Error('The browser is offline; nothing was sent.')))
      : send(input);
}

/**
 * The offline policy for one action, around its mutation options (a promo-domain `*Mutations`
 * factory, or the screen's own `mutationFn`): the action is refused while offline (the mutation runs
 * whatever the network, so it is refused at once rather than paused), a connection failure is left
 * to the screen's OfflineActionNotice (the user's input stays where it is), and any other failure
 * goes to `onFailure` (the screen's own message). `onSuccess` is the screen's part of a success, after
 * the options' own (the cache update).
 */
export function offlineAction<TData, TVariables, TOnMutateResult>(
  options: UseMutationOptions<TData, Error, TVariables, TOnMutateResult>,
  screen: {
    onSuccess?: (data: TData, variables: TVariables) => unknown;
    onFailure?: (error: unknown) => void;
  } = {},
): UseMutationOptions<TData, Error, TVariables, TOnMutateResult> {
  const { mutationFn } = options;
  // Typed optional because a client may supply a default; every action here brings its own.
  if (!mutationFn) throw new TypeError('An action needs its mutationFn.');
  return {
    ...options,
    mutationFn: (variables, context) =>
      whileOnline((input: TVariables) => mutationFn(input, context))(variables),
    networkMode: 'always',
    meta: OFFLINE_NOTICE_ON_SCREEN,
    onSuccess: async (data, variables, onMutateResult, context) => {
      await options.onSuccess?.(data, variables, onMutateResult, context);
      await screen.onSuccess?.(data, variables);
    },
    onError: async (error, variables, onMutateResult, context) => {
      await options.onError?.(error, variables, onMutateResult, context);
      if (!isConnectionFailure(error)) screen.onFailure?.(error);
    },
  };
}
