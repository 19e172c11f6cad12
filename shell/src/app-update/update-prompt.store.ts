import { atom, getDefaultStore } from 'jotai';
import {
  initialUpdatePromptState,
  updatePromptReducer,
  type UpdatePromptEvent,
  type UpdatePromptState,
} from './update-prompt.rules';

export const updatePrompt = atom<UpdatePromptState>(initialUpdatePromptState);

/** Feeds an event (from the service worker, the remote watch or the prompt's buttons) to the reducer. */
export function dispatchUpdatePrompt(event: UpdatePromptEvent): void {
  getDefaultStore().set(updatePrompt, (state) => updatePromptReducer(state, event));
}
