import { Button } from '@promo/ui/button';
import { useAtomValue } from '@promo/ui/app-store';
import { BuildDateLabel } from './build-date-label';
import { applyUpdate } from './start-app-update';
import { dispatchUpdatePrompt as dispatch, updatePromptAtom } from './update-prompt.atoms';
import { isPromptVisible, reloadAction } from './update-prompt.rules';
import styles from './update-prompt.module.css';

export const UPDATE_MESSAGE = 'A new version is available, click on reload button to update.';

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
        <section className={styles.prompt} aria-label="Update available">
          <p className={styles.message}>{UPDATE_MESSAGE}</p>
          <BuildDateLabel className={styles.date} />
          <div className={styles.actions}>
            <Button
              disabled={state.reloading}
              onClick={() => {
                dispatch({ type: 'reload' });
                onReload(reloadAction(state));
              }}
            >
              Reload
            </Button>
            <Button variant="secondary" onClick={() => dispatch({ type: 'close' })}>
              Close
            </Button>
          </div>
        </section>
      ) : null}
    </div>
  );
}
