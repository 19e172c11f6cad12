import { usePageFrame } from '@promo/ui/page-frame';
import { PrivacyPolicyContent } from './privacy-policy-content';

/** /privacy-policy (spec §2), open to everyone. */
export default function PrivacyPolicyPage() {
  usePageFrame('Privacy Policy', { showBack: true });
  return <PrivacyPolicyContent />;
}
