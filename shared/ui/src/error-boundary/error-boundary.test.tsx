import { provideCrashReporter } from '@promo/domain/remote-contract';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary, ScreenFailure } from './index';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** A chunk that did not download, as the bundler's runtime throws it. */
function chunkLoadError(): Error {
  const error = new Error('Loading chunk 532 failed.\n(error: http://localhost:8082/static/js/532.js)');
  error.name = 'ChunkLoadError';
  return error;
}

/** Throws `failure` while rendering until it is cleared. */
function Page({ failure }: { failure: { current: Error | undefined } }) {
  if (failure.current) throw failure.current;
  return <p>The page</p>;
}

function renderBoundary(failure: { current: Error | undefined }, owner?: 'shell') {
  const onError = vi.fn();
  render(
    <ErrorBoundary
      owner={owner}
      onError={onError}
      fallbackRender={({ error, resetErrorBoundary }) => (
        <ScreenFailure
          error={error}
          loadTitle="This section could not be loaded"
          loadMessage="Check your connection and try again."
          onRetry={resetErrorBoundary}
        />
      )}
    >
      <Page failure={failure} />
    </ErrorBoundary>,
  );
  return { onError };
}

describe('ErrorBoundary with ScreenFailure', () => {
  it('says a render crash is one, never a connection problem, and Try again renders afresh', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failure = {
      current: new TypeError("Cannot read properties of null (reading 'length')") as Error | undefined,
    };
    renderBoundary(failure);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong on this screen');
    expect(alert).toHaveTextContent('Try again, or reload the app.');
    expect(alert).not.toHaveTextContent(/connection/i);
    expect(screen.getByRole('button', { name: 'Reload the app' })).toBeVisible();

    failure.current = undefined;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByText('The page')).toBeVisible();
  });

  it('asks to check the connection when the code did not download, with Try again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failure = { current: chunkLoadError() as Error | undefined };
    renderBoundary(failure);
    expect(screen.getByRole('heading', { name: 'This section could not be loaded' })).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent('Check your connection and try again.');
    expect(screen.queryByText('Something went wrong on this screen')).not.toBeInTheDocument();

    failure.current = undefined;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByText('The page')).toBeVisible();
  });

  it("reports a crash to the shell's reporter, with its owner, and still calls the boundary's onError", () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const report = vi.fn();
    provideCrashReporter(report);
    const crash = new RangeError('Invalid time value');
    const { onError } = renderBoundary({ current: crash }, 'shell');
    expect(report).toHaveBeenCalledTimes(1);
    expect(report).toHaveBeenCalledWith(crash, 'shell');
    expect(onError).toHaveBeenCalledWith(crash, expect.anything());
  });

  it('does not report a failed download: it is no bug in the code', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const report = vi.fn();
    provideCrashReporter(report);
    const { onError } = renderBoundary({ current: chunkLoadError() });
    expect(report).not.toHaveBeenCalled();
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it('keeps a reporter that throws from turning the caught crash into an uncaught one', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    provideCrashReporter(() => {
      throw new Error('The reporter is broken.');
    });
    renderBoundary({ current: new Error('Boom') });
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong on this screen');
  });
});

describe('ErrorBoundary resets', () => {
  it('draws its fallback after a crash, and the children afresh once a reset key changes', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failure = { current: new Error('Boom') as Error | undefined };
    const onReset = vi.fn();
    const at = (path: string) => (
      <ErrorBoundary resetKeys={[path]} fallback={<p>The error page</p>} onReset={onReset}>
        <Page failure={failure} />
      </ErrorBoundary>
    );
    const { rerender } = render(at('/a'));
    expect(screen.getByText('The error page')).toBeVisible();
    failure.current = undefined;
    rerender(at('/a'));
    expect(screen.getByText('The error page')).toBeVisible();
    rerender(at('/b'));
    expect(screen.getByText('The page')).toBeVisible();
    expect(onReset).toHaveBeenCalledTimes(1);
  });

  it('tells onReset when Try again draws the children afresh', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failure = { current: new Error('Boom') as Error | undefined };
    const onReset = vi.fn();
    render(
      <ErrorBoundary
        onReset={onReset}
        fallbackRender={({ resetErrorBoundary }) => (
          <button type="button" onClick={resetErrorBoundary}>
            Try again
          </button>
        )}
      >
        <Page failure={failure} />
      </ErrorBoundary>,
    );
    failure.current = undefined;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByText('The page')).toBeVisible();
    expect(onReset).toHaveBeenCalledTimes(1);
  });
});

describe('ScreenFailure', () => {
  it('offers Reload instead of Try again after a failed download where retrying cannot help', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    const onRetry = vi.fn();
    render(
      <ScreenFailure
        error={chunkLoadError()}
        loadTitle="Your progress could not be shown"
        loadMessage="Check your connection and reload the page."
        onRetry={onRetry}
        afterLoadFailure="reload"
      />,
    );
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(onRetry).not.toHaveBeenCalled();
  });

  it('reloads the app from a crash when trying again cannot help', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    function Retrying() {
      const [tries, setTries] = useState(0);
      return (
        <>
          <p>Tries: {tries}</p>
          <ScreenFailure
            error={new Error('Boom')}
            loadTitle="unused"
            loadMessage="unused"
            onRetry={() => setTries((count) => count + 1)}
          />
        </>
      );
    }
    render(<Retrying />);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByText('Tries: 1')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Reload the app' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
