import { useAtomValue } from 'jotai';
import { onlineAtom } from './online-status.atoms';

/**
 * `false` while the browser is offline. Use it to say plainly that an action needs the server,
 * e.g. `<Button disabled={!online}>Accept</Button>` with a line "You are offline: joining needs a
 * connection." The shell shows the offline indicator for the whole page; a screen adds what its own
 * actions cannot do.
 */
export function useOnline(): boolean {
  return useAtomValue(onlineAtom);
}
