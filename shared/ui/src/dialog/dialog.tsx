import { useEffect, useId, useRef, type ReactNode } from 'react';
import styles from './dialog.module.css';

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
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby={titleId}
      onClose={onClose}
      onClick={(event) => {
        if (event.target === dialog.current) onClose();
      }}
    >
      <div className={styles.body}>
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        {open ? children : null}
      </div>
    </dialog>
  );
}
