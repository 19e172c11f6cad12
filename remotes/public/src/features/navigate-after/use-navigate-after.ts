import { useNotify } from '@promo/ui/notifications';
import { useNavigate } from '@promo/ui/router';
import { useCallback, useEffect, useState } from 'react';

/**
 * A form's success: its message shows for `ms`, then the app goes to `to`, once the message has
 * been read (nothing if the person has left the page by then). `done` holds from the success on,
 * so the form stays disabled until it is gone.
 */
export function useNavigateAfter(to: string, ms: number) {
  const [done, setDone] = useState(false);
  const notify = useNotify();
  const navigate = useNavigate();

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => void navigate(to), ms);
    return () => clearTimeout(timer);
  }, [done, navigate, to, ms]);

  const succeed = useCallback(
    (message: string) => {
      setDone(true);
      notify('success', message, ms);
    },
    [notify, ms],
  );
  return { done, succeed };
}
