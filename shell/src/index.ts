import { startEarlyLoading } from './federation/early-loading';

// The registry and the page's remote start downloading now, alongside the bootstrap's chunks.
startEarlyLoading();
// An asynchronous boundary lets Module Federation negotiate the shared singletons before any of them runs.
void import('./bootstrap');
