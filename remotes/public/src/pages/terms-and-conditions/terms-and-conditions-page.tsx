import { usePageFrame } from '@promo/ui/page-frame';
import { MeatPackTerms } from '../../features/meat-pack-terms/meat-pack-terms';

/** /terms-and-conditions (docs/product-rules.md, 'Content pages'), open to everyone. */
export default function TermsAndConditionsPage() {
  usePageFrame('Terms and Conditions', { showBack: true });
  return <MeatPackTerms />;
}
