import { useId, type ReactNode } from 'react';
import styles from './dialog.module.css';
import { useModalDialog } from './use-modal-dialog';

export interface DialogProps {
  open: boolean;
  /** Called when the dialog closes itself: Escape, or a click on the backdrop. */
  onClose: () => void;
  /** The dialog's heading and accessible name. */
  title: string;
  children?: ReactNode;
}

/**
 * A modal dialog on the native <dialog>: the browser traps focus inside it, closes it on Escape,
 * makes the page behind it inert and returns focus to what opened it.
 */
export function Dialog({ open, onClose, title, children }: DialogProps) {
  const dialog = useModalDialog(open, onClose);
  const titleId = useId();

  return (
    <dialog {...dialog} className={styles.dialog} aria-labelledby={titleId}>
      <div className={styles.body}>
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        {open ? children : null}
      </div>
    </dialog>
  );
}
