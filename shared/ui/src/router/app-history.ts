import {
  NavigationType,
  parsePath,
  UNSAFE_createBrowserHistory as createBrowserHistory,
  UNSAFE_createMemoryHistory as createMemoryHistory,
  type Location,
  type To,
} from 'react-router';

/** react-router's history object (the package exports its factories, not its type). */
type History = ReturnType<typeof createBrowserHistory>;
type Update = Parameters<Parameters<History['listen']>[0]>[0];

/** Asked before each navigation: true holds it until the app says to carry on or stay. */
export type BlockerFunction = (args: {
  currentLocation: Location;
  nextLocation: Location;
  historyAction: NavigationType;
}) => boolean;

/** A navigation held by a blocker: `proceed` carries it out, `reset` stays where the app is. */
export interface HeldNavigation {
  location: Location;
  proceed(): void;
  reset(): void;
}

/**
 * The app's history: react-router's, plus `block`, which holds navigations the way the data router's
 * useBlocker does (links and navigate() calls are not carried out; the browser's back and forward
 * are undone), so the app can keep the declarative router and its smaller bundle.
 */
export interface AppHistory extends History {
  /** Holds each navigation `when` approves and hands it to `onHold`; returns the release. */
  block(when: BlockerFunction, onHold: (held: HeldNavigation) => void): () => void;
}

function nextLocation(current: Location, to: To, state: unknown): Location {
  return {
    pathname: current.pathname,
    search: '',
    hash: '',
    ...(typeof to === 'string' ? parsePath(to) : to),
    state,
    key: 'held',
  };
}

/** Wraps a react-router history (created with v5Compat, so push and replace are reported too). */
function blockable(inner: History): AppHistory {
  const listeners = new Set<(update: Update) => void>();
  const blockers = new Set<{ when: BlockerFunction; onHold: (held: HeldNavigation) => void }>();
  // The location the app shows; a held back/forward does not change it.
  let shown = inner.location;
  // The POP that undoes a held back/forward, and the POP a `proceed` starts: neither is asked again.
  let undoing = false;
  let proceeding = false;

  const blockerFor = (location: Location, historyAction: NavigationType) =>
    [...blockers].find(({ when }) => when({ currentLocation: shown, nextLocation: location, historyAction }));

  inner.listen((update) => {
    if (update.action === NavigationType.Pop) {
      if (undoing) {
        undoing = false;
        return;
      }
      const delta = update.delta;
      const blocker = proceeding || !delta ? undefined : blockerFor(update.location, update.action);
      proceeding = false;
      if (blocker && delta) {
        undoing = true;
        inner.go(-delta);
        blocker.onHold({
          location: update.location,
          proceed: () => {
            proceeding = true;
            inner.go(delta);
          },
          reset: () => {},
        });
        return;
      }
    }
    shown = update.location;
    listeners.forEach((listener) => listener(update));
  });

  const attempt = (to: To, state: unknown, action: NavigationType, go: () => void) => {
    const location = nextLocation(shown, to, state);
    const blocker = blockerFor(location, action);
    if (blocker) blocker.onHold({ location, proceed: go, reset: () => {} });
    else go();
  };

  return {
    get action() {
      return inner.action;
    },
    get location() {
      return shown;
    },
    createHref: (to) => inner.createHref(to),
    createURL: (to) => inner.createURL(to),
    encodeLocation: (to) => inner.encodeLocation(to),
    go: (delta) => inner.go(delta),
    push: (to, state?: unknown) => attempt(to, state, NavigationType.Push, () => inner.push(to, state)),
    replace: (to, state?: unknown) =>
      attempt(to, state, NavigationType.Replace, () => inner.replace(to, state)),
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    block(when, onHold) {
      const blocker = { when, onHold };
      blockers.add(blocker);
      return () => blockers.delete(blocker);
    },
  };
}

/** The browser's history for the app (one per page: the shell creates it). */
export const createAppBrowserHistory = (): AppHistory => blockable(createBrowserHistory({ v5Compat: true }));

/** An in-memory history for tests: the same router behaviour, starting at `initialEntries`. */
export const createAppMemoryHistory = (initialEntries: string[] = ['/']): AppHistory =>
  blockable(createMemoryHistory({ initialEntries, v5Compat: true }));
