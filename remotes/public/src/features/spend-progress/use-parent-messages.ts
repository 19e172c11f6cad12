import {
  parseSpendProgressMessage,
  type SpendProgressMessage,
} from '@promo/domain/spend-progress/spend-progress-message.rules';
import { useLayoutEffect, useState } from 'react';

/** Posted to an allowed parent once the page listens, so it knows when to send its data. */
const SPEND_PROGRESS_READY = { type: 'ezy-spend-progress-ready' } as const;

/** The embedding page's origin: Chromium and Safari tell it directly; otherwise the referrer's. */
function embedderOrigin(): string | undefined {
  const ancestors = window.location.ancestorOrigins as DOMStringList | undefined;
  if (ancestors && ancestors.length > 0) return ancestors[0] ?? undefined;
  try {
    return document.referrer ? new URL(document.referrer).origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The latest valid spend-progress message from the parent window (docs/product-rules.md, 'Embedded spend progress').
 * Accepted only from the parent window itself, from one of `allowedOrigins`, and only when its shape
 * is valid; anything else is ignored and logged. Nothing is listened to until the origins are known.
 */
export interface ReceivedMessage {
  message: SpendProgressMessage;
  /** epoch ms: the figures are shown as of this moment (days remaining, % time completed). */
  receivedAt: number;
}

export function useParentMessages(
  allowedOrigins: readonly string[] | undefined,
): ReceivedMessage | undefined {
  const [received, setReceived] = useState<ReceivedMessage>();

  // In the commit that shows the page waiting, not after its frame: the origins' first answer
  // renders as a transition (@promo/domain/query), whose passive effects run after its paint.
  useLayoutEffect(() => {
    if (!allowedOrigins) return;
    const onMessage = (event: MessageEvent<unknown>) => {
      if (!allowedOrigins.includes(event.origin) || event.source !== window.parent) {
        console.warn(
          `Spend progress: ignored a message from ${event.origin || 'an unknown origin'}: not the allowed parent window.`,
        );
        return;
      }
      const parsed = parseSpendProgressMessage(event.data);
      if (!parsed.ok) {
        console.warn(`Spend progress: ignored a message from ${event.origin}: ${parsed.reason}`);
        return;
      }
      setReceived({ message: parsed.message, receivedAt: Date.now() });
    };
    window.addEventListener('message', onMessage);
    if (window.parent !== window) {
      const parent = embedderOrigin();
      if (parent && allowedOrigins.includes(parent)) window.parent.postMessage(SPEND_PROGRESS_READY, parent);
    }
    return () => window.removeEventListener('message', onMessage);
  }, [allowedOrigins]);

  return received;
}
