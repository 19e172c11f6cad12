import { usePageFrame } from '@promo/ui/page-frame';
import { ContactForm } from '../../features/contact-us/contact-form';
import { PageCard } from '../../page-card/page-card';

/** /contact-us for signed-in customers and reps (docs/product-rules.md, 'Contact Us'). */
export default function ContactUsPage() {
  usePageFrame('Contact Us', { showBack: true });
  return (
    <PageCard
      heading="Get in touch"
      labelledBy="contact-heading"
      lead="Questions about a promotion, your rewards or your linked accounts? Send us a message."
    >
      <ContactForm />
    </PageCard>
  );
}
