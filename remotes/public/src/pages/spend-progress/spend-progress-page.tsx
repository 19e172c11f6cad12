import { spendProgressQueries } from '@promo/domain/spend-progress/spend-progress.queries';
import { usePageFrame } from '@promo/ui/page-frame';
import { queryGate } from '@promo/ui/query-error';
import { Spinner } from '@promo/ui/spinner';
import { useQuery } from '@promo/domain/query';
import { SpendProgressView } from '../../features/spend-progress/spend-progress-view';
import { useParentMessages } from '../../features/spend-progress/use-parent-messages';

/**
 * /spend-progress (docs/product-rules.md, 'Embedded spend progress'): an embeddable page that receives its data from the parent window by
 * postMessage. The parent origins allowed come from the environment's runtime configuration.
 */
export default function SpendProgressPage() {
  usePageFrame('Spend Progress');
  const origins = useQuery(spendProgressQueries.parentOrigins(window.location.origin));
  const received = useParentMessages(origins.data);

  const gate = queryGate(
    { origins },
    {
      failedTitle: 'Spend progress is unavailable',
      failedMessage: 'The page could not load its settings. Check your connection and try again.',
    },
  );
  if (!gate.ready) return gate.element;
  if (!received) return <Spinner label="Waiting for your spend progress…" />;
  return <SpendProgressView message={received.message} now={received.receivedAt} />;
}
