import { Button } from '@promo/ui/button';
import { useModalDialog } from '@promo/ui/dialog';
import { SafeHtml } from '@promo/ui/safe-html';
import { useId } from 'react';
import styles from './terms-dialog.module.css';

/**
 * The promotion's terms and conditions in a modal dialog. A native <dialog> opened with showModal()
 * traps focus, closes on Escape and returns focus to the opener. 'Agree' appears when the dialog was
 * opened from the join panel; it ticks the terms box there.
 */
export function TermsDialog({
  open,
  html,
  onClose,
  onAgree,
}: {
  open: boolean;
  html: string;
  onClose: () => void;
  onAgree?: () => void;
}) {
  // The modal opening and closing only: the terms stay open on a click beside them.
  const { ref } = useModalDialog(open, onClose);
  const titleId = useId();

  return (
    <dialog ref={ref} className={styles.dialog} aria-labelledby={titleId} onClose={onClose}>
      <h2 id={titleId} className={styles.title}>
        Terms and Conditions
      </h2>
      <div className={styles.body} data-server-html>
        {/* Only while open: the sanitiser loads when the terms are first read. */}
        {open ? <SafeHtml html={html} /> : null}
      </div>
      <div className={styles.actions}>
        {onAgree ? (
          <Button
            onClick={() => {
              onAgree();
              onClose();
            }}
          >
            Agree
          </Button>
        ) : null}
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      </div>
    </dialog>
  );
}
