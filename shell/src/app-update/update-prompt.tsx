import { useStoreValue } from '@promo/ui/value-store';
import { lazy, Suspense } from 'react';
import { applyUpdate } from './start-app-update';
import { updatePrompt } from './update-prompt.store';
import { isPromptVisible } from './update-prompt.rules';
import styles from './update-prompt.module.css';

// The prompt's markup loads only when there is an update to offer: no page needs it at start.
const UpdatePromptView = lazy(() => import('./update-prompt-view'));

/**
 * Shown while a new version waits (needRefresh); offline-ready shows nothing. The live region is
 * always in the page, so a prompt that appears is announced (politely: it must not interrupt what
 * the user is doing).
 */
export function UpdatePrompt({ onReload = applyUpdate }: { onReload?: typeof applyUpdate }) {
  const state = useStoreValue(updatePrompt);
  return (
    <div className={styles.region} aria-live="polite">
      {isPromptVisible(state) ? (
        <Suspense fallback={null}>
          <UpdatePromptView state={state} onReload={onReload} />
        </Suspense>
      ) : null}
    </div>
  );
}
