import { useEffect, useRef, type MouseEvent } from 'react';

/**
 * Props for a native <dialog> that opens modally while `open` is true: the browser traps focus,
 * closes on Escape and returns focus to the opener; a click on the backdrop closes it too.
 */
export function useModalDialog(open: boolean, onClose: () => void) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  return {
    ref,
    onClose,
    onClick: (event: MouseEvent<HTMLDialogElement>) => {
      if (event.target === ref.current) onClose();
    },
  };
}
