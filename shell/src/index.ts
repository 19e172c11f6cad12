import './boot.css';
import { taskOfItsOwn } from '@promo/domain/http/task-of-its-own';
import { lastScreenDrawn, startEarlyLoading } from './federation/early-loading';

// The registry and the page's remote start downloading in the task after the entry's, alongside the
// bootstrap's chunks (preloaded by the HTML). Module Federation's runtime starts in the entry's
// own task; the two together were one task of about 150 ms on a slow phone.
setTimeout(() => {
  startEarlyLoading();
  // An asynchronous boundary lets Module Federation negotiate the shared singletons before any of
  // them runs. It starts in a task of its own: the entry's evaluation and the negotiation in one
  // task blocked a slow phone's main thread for over 150 ms (Lighthouse's Total Blocking Time). On
  // a return visit it starts once the last screen's picture is painted: its stylesheets' load
  // events otherwise waited behind the bootstrap's evaluation, and the picture showed 0.5 s later
  // (docs/decisions/009-offline-and-updates.md, "The last screen").
  setTimeout(() => void lastScreenDrawn().then(startBootstrap), 0);
}, 0);

/**
 * React and react-dom start in a task of their own, then the bootstrap's modules in the next: the
 * two evaluations in one task took 110-200 ms at 4x CPU, react-dom's module start-up about a third
 * of it (docs/performance.md). The chunks were preloaded by the HTML, so the order costs no
 * round trip.
 */
async function startBootstrap() {
  await import('react-dom/client');
  await taskOfItsOwn();
  await import('./bootstrap');
}
