import { useAtomValue } from '@promo/ui/app-store';
import { type ComponentProps, type ComponentType, lazy, Suspense } from 'react';
import { applyUpdate } from './start-app-update';
import type { UpdatePromptCard as Card } from './update-prompt-card';
import { updatePromptAtom } from './update-prompt.atoms';
import { isPromptVisible } from './update-prompt.rules';
import styles from './update-prompt.module.css';

// The prompt's code is fetched only when a new version waits, which most visits never see; by then
// the worker that is being replaced still serves this version's files, so it is at hand offline too.
// Should it still fail to arrive, no prompt shows: the new version waits and is offered next start.
const UpdatePromptCard = lazy<ComponentType<ComponentProps<typeof Card>>>(() =>
  import('./update-prompt-card').then(
    (module) => ({ default: module.UpdatePromptCard }),
    () => ({ default: () => null }),
  ),
);

/**
 * Shown while a new version waits (needRefresh); offline-ready shows nothing.
 * The live region is always in the page, so a prompt that appears is announced (politely: it must
 * not interrupt what the user is doing).
 */
export function UpdatePrompt({ onReload = applyUpdate }: { onReload?: typeof applyUpdate }) {
  const state = useAtomValue(updatePromptAtom);
  return (
    <div className={styles.region} aria-live="polite">
      {isPromptVisible(state) ? (
        <Suspense fallback={null}>
          <UpdatePromptCard state={state} onReload={onReload} />
        </Suspense>
      ) : null}
    </div>
  );
}
