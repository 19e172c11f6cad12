import { PRIVACY_POLICY_BLOCK_ID } from '@promo/domain/public/public.api';
import { contentBlockQueries } from '@promo/domain/public/public.queries';
import { Notice } from '@promo/ui/notice';
import { queryGate } from '@promo/ui/query-error';
import { SafeHtml } from '@promo/ui/safe-html';
import { useQuery } from '@promo/domain/query';
import styles from './privacy-policy-content.module.css';

/** docs/product-rules.md, 'Content pages': the server's HTML block 'privacy-policy-html', sanitised by <SafeHtml>. */
export function PrivacyPolicyContent() {
  const block = useQuery(contentBlockQueries.detail(PRIVACY_POLICY_BLOCK_ID));
  const gate = queryGate(
    { block },
    { failedTitle: 'The privacy policy could not be loaded', loadingLabel: 'Loading the privacy policy…' },
  );
  if (!gate.ready) return gate.element;
  if (gate.data.block === null) {
    return (
      <Notice title="Privacy policy unavailable">
        <p>The privacy policy is not available at the moment. Please check back later.</p>
      </Notice>
    );
  }
  return <SafeHtml as="article" className={styles.content} html={gate.data.block} />;
}
