import './boot.css';
import { startEarlyLoading } from './federation/early-loading';

// The registry and the page's remote start downloading now, alongside the bootstrap's chunks.
startEarlyLoading();
// An asynchronous boundary lets Module Federation negotiate the shared singletons before any of them
// runs. It starts in a task of its own: the entry's evaluation and the negotiation in one task
// blocked a slow phone's main thread for over 150 ms (Lighthouse's Total Blocking Time).
setTimeout(() => void import('./bootstrap'), 0);
