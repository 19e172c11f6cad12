import { updateTracking } from '@promo/domain/account';
import { useEffect, useRef } from 'react';

/**
 * Opening a promotion records a promotion_view tracking event keyed by the lowercased id
 * (the rep view shows it as "last viewed"). Once per promotion per visit; a failure only logs,
 * because the customer has nothing to do about it.
 */
export function useRecordPromotionView(promotionId: string | undefined) {
  const recorded = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!promotionId || recorded.current === promotionId) return;
    recorded.current = promotionId;
    updateTracking({ type: 'promotion_view', key: promotionId.toLowerCase() }).catch((error: unknown) =>
      console.warn('The promotion view could not be recorded.', error),
    );
  }, [promotionId]);
}
