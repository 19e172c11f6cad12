import { appAtom, appStore } from '@promo/ui/app-store';
import {
  initialUpdatePromptState,
  updatePromptReducer,
  type UpdatePromptEvent,
  type UpdatePromptState,
} from './update-prompt.rules';

export const updatePromptAtom = appAtom<UpdatePromptState>(initialUpdatePromptState);

/** Feeds an event (from the service worker, the remote watch or the prompt's buttons) to the reducer. */
export function dispatchUpdatePrompt(event: UpdatePromptEvent): void {
  appStore.set(updatePromptAtom, (state) => updatePromptReducer(state, event));
}
