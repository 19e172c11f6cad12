import { failureKind } from '@promo/domain/http/failure-kind.rules';
import { Button } from '../button/button';
import { Notice } from '../notice/notice';
import { QueryError } from '../query-error/query-error';

/** A render crash, in plain words (docs/product-rules.md, 'Not-found and error pages'). */
export const CRASH_TITLE = 'Something went wrong on this screen';
export const CRASH_MESSAGE = 'Try again, or reload the app.';

export interface ScreenFailureProps {
  /** What the error boundary caught. */
  error: unknown;
  /** The heading when the code or data did not arrive ("This section could not be loaded"). */
  loadTitle: string;
  /** The way out when the code or data did not arrive: the connection hint in the screen's words. */
  loadMessage: string;
  /** Tries the failed part again (the boundary's reset). */
  onRetry: () => unknown;
  /**
   * `reload` where trying again cannot help a failed download (React.lazy keeps a failed import, so
   * only a reload of the page fetches it again): the button says Reload and reloads.
   */
  afterLoadFailure?: 'retry' | 'reload';
}

const reloadPage = () => window.location.reload();

/**
 * What an error boundary shows in place of the part it caught: a failed download asks the person
 * to check their connection; a crash says something went wrong, offers Try again, and the reload
 * for when trying again cannot help.
 */
export function ScreenFailure({
  error,
  loadTitle,
  loadMessage,
  onRetry,
  afterLoadFailure = 'retry',
}: ScreenFailureProps) {
  if (failureKind(error) === 'load') {
    const reload = afterLoadFailure === 'reload';
    return (
      <QueryError
        title={loadTitle}
        message={loadMessage}
        onRetry={reload ? reloadPage : onRetry}
        retryLabel={reload ? 'Reload' : undefined}
      />
    );
  }
  return (
    <Notice tone="error" title={CRASH_TITLE}>
      <p>{CRASH_MESSAGE}</p>
      <Button onClick={() => void onRetry()}>Try again</Button>{' '}
      <Button variant="secondary" onClick={reloadPage}>
        Reload the app
      </Button>
    </Notice>
  );
}
