import type { ReportedEvent } from '@promo/domain/release-health/release-report.schema';

/**
 * What the shell learns about each remote's release as pages load: the one channel between the code
 * that loads remotes (shell/src/federation) and the code that reports release health. Producers emit
 * without knowing who listens; events emitted before anyone subscribes are kept (a bounded few) and
 * handed to the first subscriber, so the start-up's first page view is never lost. The events are
 * the ones a release report carries (@promo/domain/release-health/release-report), Web Vitals aside,
 * which the reporter measures itself.
 */
export type ReleaseEvent = Exclude<ReportedEvent, { type: 'vital' }>;

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
