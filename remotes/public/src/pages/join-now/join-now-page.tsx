import { usePageFrame } from '@promo/ui/page-frame';
import { JoinUsForm } from '../../features/join-us/join-us-form';
import { PageCard } from '../../page-card/page-card';

/** /join-now (docs/product-rules.md, 'Join Us'): the Join Us form for new customers. */
export default function JoinNowPage() {
  usePageFrame('Join Us', { showBack: true });
  return (
    <PageCard
      heading="Join Ezy Rewards"
      labelledBy="join-heading"
      lead="Not a trade customer yet? Tell us about your business and our team will be in touch."
    >
      <JoinUsForm />
    </PageCard>
  );
}
