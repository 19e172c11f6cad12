import { usePageFrame } from '@promo/ui/page-frame';
import { PrivacyPolicyContent } from '../../features/privacy-policy/privacy-policy-content';

/** /privacy-policy (docs/product-rules.md, 'Content pages'), open to everyone. */
export default function PrivacyPolicyPage() {
  usePageFrame('Privacy Policy', { showBack: true });
  return <PrivacyPolicyContent />;
}
