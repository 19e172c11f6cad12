import { atom } from 'jotai';
import {
  initialUpdatePromptState,
  updatePromptReducer,
  type UpdatePromptEvent,
  type UpdatePromptState,
} from './update-prompt.rules';

export const updatePromptAtom = atom<UpdatePromptState>(initialUpdatePromptState);

/** Feeds an event (from the service worker, the remote watch or the prompt's buttons) to the reducer. */
export const updatePromptEventAtom = atom(null, (get, set, event: UpdatePromptEvent) => {
  set(updatePromptAtom, updatePromptReducer(get(updatePromptAtom), event));
});
