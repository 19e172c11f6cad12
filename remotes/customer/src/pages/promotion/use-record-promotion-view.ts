import { updateTracking } from '@promo/domain/account/account.queries';
import { afterFirstScreen } from '@promo/ui/after-first-screen';
import { useEffect, useRef } from 'react';

/**
 * Opening a promotion records a promotion_view tracking event keyed by the lowercased id
 * (the rep view shows it as "last viewed"). Once per promotion per visit; a failure only logs,
 * because the customer has nothing to do about it. The write waits until the page has painted
 * (afterFirstScreen): it is not part of what the customer waits to see, and a request sent with
 * the render competes with the page's own code and data. A page left before it painted was never
 * seen, and records nothing.
 */
export function useRecordPromotionView(promotionId: string | undefined) {
  const recorded = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!promotionId || recorded.current === promotionId) return;
    let shown = true;
    void afterFirstScreen().then(() => {
      if (!shown || recorded.current === promotionId) return;
      recorded.current = promotionId;
      updateTracking({ type: 'promotion_view', key: promotionId.toLowerCase() }).catch((error: unknown) =>
        console.warn('The promotion view could not be recorded.', error),
      );
    });
    return () => {
      shown = false;
    };
  }, [promotionId]);
}
