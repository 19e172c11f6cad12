import { failureKind } from '@promo/domain/http/failure-kind.rules';
import type { RemoteName } from '@promo/domain/paths';
import { reportCrash } from '@promo/domain/remote-contract';
import { Component, type ErrorInfo, type ReactNode } from 'react';

/** What a fallback is drawn from: the error caught, and a way to draw the children afresh. */
export interface FallbackProps {
  error: unknown;
  resetErrorBoundary: () => void;
}

interface ErrorBoundaryProps {
  children?: ReactNode;
  /** Drawn in place of children that threw; without it, `fallback`. */
  fallbackRender?: (props: FallbackProps) => ReactNode;
  fallback?: ReactNode;
  onError?: (error: unknown, info: ErrorInfo) => void;
  /** Called as the children are drawn afresh: Try again, or a change of `resetKeys`. */
  onReset?: () => void;
  /** After a crash, a change in any of these draws the children afresh (another page, new data). */
  resetKeys?: readonly unknown[];
  /** Whose code the boundary wraps, when the route does not say (the shell's own frame). */
  owner?: RemoteName | 'shell';
}

type BoundaryState = { caught: false } | { caught: true; error: unknown };

const keysChanged = (before: readonly unknown[] = [], after: readonly unknown[] = []) =>
  before.length !== after.length || before.some((key, index) => !Object.is(key, after[index]));

/**
 * The one error boundary for the apps, reached through @promo/ui like the other shared components.
 * A render crash it catches goes to the shell's reporter (provideCrashReporter in
 * @promo/domain/remote-contract); a failed download does not, being no bug in the code.
 * React's own class boundary: a fallback, Try again and reset keys are all the apps use, and a
 * library's context and hooks would cost every page bytes it never runs.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, BoundaryState> {
  override state: BoundaryState = { caught: false };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { caught: true, error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    if (failureKind(error) === 'crash') reportCrash(error, this.props.owner);
    this.props.onError?.(error, info);
  }

  override componentDidUpdate(previous: ErrorBoundaryProps, previousState: BoundaryState): void {
    // Keys that change in the render that crashed do not count: only a later change resets.
    if (previousState.caught && this.state.caught && keysChanged(previous.resetKeys, this.props.resetKeys))
      this.reset();
  }

  private readonly reset = () => {
    this.props.onReset?.();
    this.setState({ caught: false });
  };

  override render(): ReactNode {
    const { state, props } = this;
    if (!state.caught) return props.children;
    return props.fallbackRender
      ? props.fallbackRender({ error: state.error, resetErrorBoundary: this.reset })
      : (props.fallback ?? null);
  }
}
