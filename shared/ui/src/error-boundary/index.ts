// The one error boundary for the apps: react-error-boundary's, reached through @promo/ui like the
// other shared components, so the shell and the remotes need no dependency of their own for it.
export { ErrorBoundary, type FallbackProps } from 'react-error-boundary';
