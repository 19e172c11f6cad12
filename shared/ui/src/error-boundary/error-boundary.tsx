import { failureKind } from '@promo/domain/http/failure-kind.rules';
import type { RemoteName } from '@promo/domain/paths';
import { reportCrash } from '@promo/domain/remote-contract';
import { ErrorBoundary as ReactErrorBoundary, type ErrorBoundaryProps } from 'react-error-boundary';

/**
 * The one error boundary for the apps: react-error-boundary's, reached through @promo/ui like the
 * other shared components, so the shell and the remotes need no dependency of their own for it.
 * A render crash it catches goes to the shell's reporter (provideCrashReporter in
 * @promo/domain/remote-contract); a failed download does not, being no bug in the code.
 */
export function ErrorBoundary({
  owner,
  ...props
}: ErrorBoundaryProps & {
  /** Whose code the boundary wraps, when the route does not say (the shell's own frame). */
  owner?: RemoteName | 'shell';
}) {
  const { onError } = props;
  return (
    <ReactErrorBoundary
      {...props}
      onError={(error, info) => {
        if (failureKind(error) === 'crash') reportCrash(error, owner);
        onError?.(error, info);
      }}
    />
  );
}
