import { useSyncExternalStore } from 'react';

const readOnline = () => (typeof navigator === 'undefined' ? true : navigator.onLine);

// Listens only while something reads the status: no listener outlives the page that needed it.
function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/**
 * `false` while the browser is offline (`navigator.onLine`, kept current by the `online`/`offline`
 * events). `false` is reliable (there is no network); `true` only means "maybe": a call can still
 * fail, so handle NetworkError from '@promo/domain/http/http-client' as well. Use it to say plainly that an
 * action needs the server, e.g. `<Button disabled={!online}>Accept</Button>` with a line "You are
 * offline: joining needs a connection." The shell shows the offline indicator for the whole page; a
 * screen adds what its own actions cannot do.
 */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, readOnline, () => true);
}
