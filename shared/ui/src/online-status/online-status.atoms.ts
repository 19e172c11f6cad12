import { atom } from 'jotai';

const readOnline = () => (typeof navigator === 'undefined' ? true : navigator.onLine);

const browserOnlineAtom = atom(readOnline());

// Listens only while something reads the status: jotai mounts the atom for its first reader and
// unmounts it after the last, so no listener outlives the page that needed it.
browserOnlineAtom.onMount = (setOnline) => {
  const update = () => setOnline(readOnline());
  update();
  window.addEventListener('online', update);
  window.addEventListener('offline', update);
  return () => {
    window.removeEventListener('online', update);
    window.removeEventListener('offline', update);
  };
};

/**
 * Whether the browser reports a network connection (`navigator.onLine`), kept current by the
 * `online`/`offline` events. `false` is reliable (there is no network); `true` only means "maybe":
 * a call can still fail, so handle NetworkError from '@promo/domain/http' as well.
 */
export const onlineAtom = atom((get) => get(browserOnlineAtom));
