import { Button } from '@promo/ui/button';
import { BuildDateLabel } from './build-date-label';
import type { applyUpdate } from './start-app-update';
import { dispatchUpdatePrompt as dispatch } from './update-prompt.atoms';
import { reloadAction, type UpdatePromptState } from './update-prompt.rules';
import styles from './update-prompt.module.css';

const UPDATE_MESSAGE = 'A new version is available, click on reload button to update.';

/** The prompt itself: the product's text, the build date, Reload and Close. */
export function UpdatePromptCard({
  state,
  onReload,
}: {
  state: UpdatePromptState;
  onReload: typeof applyUpdate;
}) {
  return (
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
  );
}
