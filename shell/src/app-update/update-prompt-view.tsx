import { Button } from '@promo/ui/button';
import { BuildDateLabel } from './build-date-label';
import { dispatchUpdatePrompt as dispatch } from './update-prompt.store';
import { reloadAction, type ReloadAction, type UpdatePromptState } from './update-prompt.rules';
import styles from './update-prompt.module.css';

export const UPDATE_MESSAGE = 'A new version is available, click on reload button to update.';

/** The prompt itself: the message, the build date label, Reload and Close. */
export default function UpdatePromptView({
  state,
  onReload,
}: {
  state: UpdatePromptState;
  onReload: (action: ReloadAction) => void;
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
