import { createValueStore } from '@promo/ui/value-store';
import {
  initialUpdatePromptState,
  updatePromptReducer,
  type UpdatePromptEvent,
  type UpdatePromptState,
} from './update-prompt.rules';

export const updatePrompt = createValueStore<UpdatePromptState>(initialUpdatePromptState);

/** Feeds an event (from the service worker, the remote watch or the prompt's buttons) to the reducer. */
export function dispatchUpdatePrompt(event: UpdatePromptEvent): void {
  updatePrompt.set((state) => updatePromptReducer(state, event));
}
