import { useCallback, useEffect } from 'react';
import { useBlocker, type BlockerFunction } from '@promo/ui/router';

/** The product's text, word for word (docs/product-rules.md, 'Reward choice'). */
export const UNSAVED_CHANGES_PROMPT =
  'You have unsaved changes, click "OK" to continue or "Cancel" to return and save your changes by clicking the "Update Selection" button.';

/**
 * Leaving with unsaved reward edits warns. In-app navigation (links, the header's back
 * button, the browser's back and forward) is held by the app router's useBlocker (the remote's routes
 * render inside the shell's router) and asks with the exact prompt; closing or reloading the tab gets the
 * browser's own beforeunload dialog, whose text browsers no longer let a page choose.
 */
export function useLeaveWarning(when: boolean) {
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname,
    [when],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(UNSAVED_CHANGES_PROMPT)) blocker.proceed();
    else blocker.reset();
  }, [blocker]);

  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the dialog only when returnValue is set.
      event.returnValue = UNSAVED_CHANGES_PROMPT;
      return UNSAVED_CHANGES_PROMPT;
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);
}
