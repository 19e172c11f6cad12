import { spendProgressQueries } from '@promo/domain/spend-progress';
import { Button } from '@promo/ui/button';
import { Notice } from '@promo/ui/notice';
import { usePageFrame } from '@promo/ui/page-frame';
import { Spinner } from '@promo/ui/spinner';
import { useQuery } from '@tanstack/react-query';
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

  if (origins.isError) {
    return (
      <Notice tone="error" title="Spend progress is unavailable">
        <p>The page could not load its settings. Check your connection and try again.</p>
        <Button onClick={() => void origins.refetch()} disabled={origins.isFetching}>
          Try again
        </Button>
      </Notice>
    );
  }
  if (origins.isPending) return <Spinner />;
  if (!received) return <Spinner label="Waiting for your spend progress…" />;
  return <SpendProgressView message={received.message} now={received.receivedAt} />;
}
