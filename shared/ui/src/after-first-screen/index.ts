// Work a screen does not need to show itself (the spend chart's code, the rep's audit record)
// waits until that screen has painted.
export { afterFirstScreen } from './after-first-screen';
