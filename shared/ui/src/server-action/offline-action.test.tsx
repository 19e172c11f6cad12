import { ApiError, NetworkError } from '@promo/domain/http/http-client';
import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isConnectionFailure, OFFLINE_ACTION_MESSAGE, offlineAction, whileOnline } from './offline-action';
import { OfflineActionNotice } from './offline-action-notice';

afterEach(() => vi.restoreAllMocks());

const context = { client: new QueryClient(), meta: undefined };

describe('whileOnline', () => {
  it('refuses without sending while the browser is offline', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const send = vi.fn(() => Promise.resolve('sent'));
    await expect(whileOnline(send)('input')).rejects.toBeInstanceOf(NetworkError);
    expect(send).not.toHaveBeenCalled();
  });

  it('sends while online', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    const send = vi.fn((input: string) => Promise.resolve(`sent ${input}`));
    await expect(whileOnline(send)('input')).resolves.toBe('sent input');
  });
});

describe('offlineAction', () => {
  it('leaves a connection failure to the screen and passes any other failure on', async () => {
    const onFailure = vi.fn();
    const options = offlineAction({ mutationFn: () => Promise.resolve() }, { onFailure });
    const fail = (error: unknown) => options.onError?.(error as Error, undefined, undefined, context);
    await fail(new NetworkError(new TypeError('Failed to fetch')));
    expect(onFailure).not.toHaveBeenCalled();
    const refused = new ApiError(409, 'Choices are locked.');
    await fail(refused);
    expect(onFailure).toHaveBeenCalledWith(refused);
    expect(options.meta).toEqual({ offlineNoticeOnScreen: true });
  });

  it("runs the options' own success (the cache update) before the screen's", async () => {
    const order: string[] = [];
    const options = offlineAction(
      { mutationFn: () => Promise.resolve('saved'), onSuccess: (data) => void order.push(`cache ${data}`) },
      { onSuccess: (data) => void order.push(`screen ${data}`) },
    );
    await options.onSuccess?.('saved', undefined, undefined, context);
    expect(order).toEqual(['cache saved', 'screen saved']);
  });

  it('refuses without sending while the browser is offline', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const send = vi.fn(() => Promise.resolve('sent'));
    await expect(offlineAction({ mutationFn: send }).mutationFn?.(undefined, context)).rejects.toBeInstanceOf(
      NetworkError,
    );
    expect(send).not.toHaveBeenCalled();
  });

  it('counts only NetworkError as a connection failure', () => {
    expect(isConnectionFailure(new NetworkError(new TypeError('Failed to fetch')))).toBe(true);
    expect(isConnectionFailure(new ApiError(500, undefined))).toBe(false);
    expect(isConnectionFailure(undefined)).toBe(false);
  });
});

describe('OfflineActionNotice', () => {
  it('says the action was not sent and the input is still here, for a connection failure only', () => {
    const { rerender } = render(<OfflineActionNotice error={new ApiError(500, undefined)} />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    rerender(<OfflineActionNotice error={new NetworkError(new TypeError('Failed to fetch'))} />);
    expect(screen.getByRole('alert')).toHaveTextContent(OFFLINE_ACTION_MESSAGE);
    expect(OFFLINE_ACTION_MESSAGE).toBe(
      "You're offline. Nothing has been sent; what you entered is still here. Try again when you're back online.",
    );
  });

  it('offers "Try again" when given one', async () => {
    const onRetry = vi.fn();
    render(<OfflineActionNotice error={new NetworkError(new TypeError('x'))} onRetry={onRetry} />);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
