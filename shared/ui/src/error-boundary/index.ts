export { ErrorBoundary, type FallbackProps } from './error-boundary';
export { LazyPart } from './lazy-part';
export { CRASH_MESSAGE, CRASH_TITLE, ScreenFailure, type ScreenFailureProps } from './screen-failure';
