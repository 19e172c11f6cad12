export { ErrorBoundary } from './error-boundary';
export { CRASH_MESSAGE, CRASH_TITLE, ScreenFailure, type ScreenFailureProps } from './screen-failure';
export type { FallbackProps } from 'react-error-boundary';
