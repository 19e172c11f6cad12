import {
  createContext,
  startTransition,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { Router, useRoutes, type Location, type RouteObject } from 'react-router';
import type { AppHistory, BlockerFunction, HeldNavigation } from './app-history';

const HistoryContext = createContext<AppHistory | undefined>(undefined);

/**
 * The app's router: react-router's declarative <Router> on an AppHistory. Location changes render
 * in a transition, as react-router's own BrowserRouter does, so a page that is still loading keeps
 * the one before it on screen instead of flashing a fallback.
 */
export function AppRouter({ history, children }: { history: AppHistory; children: ReactNode }) {
  const [state, setState] = useState({ action: history.action, location: history.location });
  const shown = state.location;
  useLayoutEffect(() => {
    const show = ({ action, location }: Pick<AppHistory, 'action' | 'location'>) =>
      startTransition(() => setState({ action, location }));
    // A navigation between the first render and this subscription reached no listener: a 401 that
    // answers while the first page still renders sends the browser to /logout, and the router
    // would go on showing the page the address no longer names.
    if (history.location !== shown) show(history);
    return history.listen(show);
  }, [history, shown]);
  return (
    <HistoryContext.Provider value={history}>
      <Router location={state.location} navigationType={state.action} navigator={history}>
        {children}
      </Router>
    </HistoryContext.Provider>
  );
}

export type Blocker =
  | { state: 'unblocked'; location?: undefined; proceed?: undefined; reset?: undefined }
  | { state: 'blocked'; location: Location; proceed(): void; reset(): void };

const UNBLOCKED: Blocker = { state: 'unblocked' };

/**
 * Holds navigations `when` approves (as react-router's data-router useBlocker does): the blocker
 * turns 'blocked' until `proceed()` carries the navigation out or `reset()` stays.
 */
export function useBlocker(when: BlockerFunction): Blocker {
  const history = useContext(HistoryContext);
  if (!history) throw new Error('useBlocker needs the app router (<AppRouter>) above it.');
  const latest = useRef(when);
  useLayoutEffect(() => {
    latest.current = when;
  });
  const [held, setHeld] = useState<HeldNavigation>();
  useEffect(() => history.block((args) => latest.current(args), setHeld), [history]);
  return useMemo<Blocker>(
    () =>
      held
        ? {
            state: 'blocked',
            location: held.location,
            proceed: () => {
              setHeld(undefined);
              held.proceed();
            },
            reset: () => {
              setHeld(undefined);
              held.reset();
            },
          }
        : UNBLOCKED,
    [held],
  );
}

/** Renders the route of `routes` that matches the location (tests and small route tables). */
export function AppRoutes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}
