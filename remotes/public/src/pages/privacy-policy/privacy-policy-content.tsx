import { failedLoadMessage } from '@promo/domain/http/failure-kind.rules';
import { PRIVACY_POLICY_BLOCK_ID } from '@promo/domain/public/public.api';
import { contentBlockQueries } from '@promo/domain/public/public.queries';
import { Notice } from '@promo/ui/notice';
import { QueryError } from '@promo/ui/query-error';
import { SafeHtml } from '@promo/ui/safe-html';
import { Spinner } from '@promo/ui/spinner';
import { useQuery } from '@tanstack/react-query';
import styles from './privacy-policy-content.module.css';

/** docs/product-rules.md, 'Content pages': the server's HTML block 'privacy-policy-html', sanitised by <SafeHtml>. */
export function PrivacyPolicyContent() {
  const block = useQuery(contentBlockQueries.detail(PRIVACY_POLICY_BLOCK_ID));
  if (block.isPending) return <Spinner label="Loading the privacy policy…" />;
  if (block.isError) {
    return (
      <QueryError
        title="The privacy policy could not be loaded"
        message={failedLoadMessage(block.error)}
        onRetry={block.refetch}
        retrying={block.isFetching}
      />
    );
  }
  if (block.data === null) {
    return (
      <Notice title="Privacy policy unavailable">
        <p>The privacy policy is not available at the moment. Please check back later.</p>
      </Notice>
    );
  }
  return <SafeHtml as="article" className={styles.content} html={block.data} />;
}
