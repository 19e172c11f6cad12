import type { RemoteName } from '@promo/domain/paths';

/**
 * What the shell learns about each remote's release as pages load: the one channel between the code
 * that loads remotes (shell/src/federation) and the code that reports release health. Producers emit
 * without knowing who listens; events emitted before anyone subscribes are kept (a bounded few) and
 * handed to the first subscriber, so the start-up's first page view is never lost.
 */
export type ReleaseEvent =
  /** A remote's routes module loaded and is about to render: one page view of that version. */
  | { type: 'page-view'; remote: RemoteName; version: string; route: string }
  /** A version's manifest, entry or exposed module failed to load, or threw while evaluating. */
  | {
      type: 'load-failure';
      remote: RemoteName;
      version: string;
      stage: 'manifest' | 'entry' | 'module';
      message: string;
    }
  /** The shell served another version (the last good one) for this page view instead of `from`. */
  | { type: 'fallback'; remote: RemoteName; from: string; to: string }
  /** A page threw while rendering (caught by an error boundary). */
  | {
      type: 'crash';
      remote: RemoteName | 'shell';
      version: string;
      route: string;
      name: string;
      message: string;
      stack: string;
    };

type Listener = (event: ReleaseEvent) => void;

const MAX_EARLY_EVENTS = 50;
const listeners = new Set<Listener>();
let early: ReleaseEvent[] = [];

export function emitReleaseEvent(event: ReleaseEvent): void {
  if (listeners.size === 0) {
    if (early.length < MAX_EARLY_EVENTS) early.push(event);
    return;
  }
  for (const listener of listeners) listener(event);
}

/** Subscribes; the first subscriber also receives the events emitted before it. Returns the unsubscribe. */
export function onReleaseEvent(listener: Listener): () => void {
  listeners.add(listener);
  const pending = early;
  early = [];
  for (const event of pending) listener(event);
  return () => listeners.delete(listener);
}

/** Tests: no listener and no kept event, so one test's events never reach the next. */
export function resetReleaseEvents(): void {
  listeners.clear();
  early = [];
}
