import { usePageFrame } from '@promo/ui/page-frame';
import { Link } from '@promo/ui/router';
import { RegistrationForm } from '../../features/registration/registration-form';
import { PageCard } from '../../page-card/page-card';

/** /registration and /register: the same screen (docs/product-rules.md, 'Registration'). */
export default function RegistrationPage() {
  usePageFrame('Register', { showBack: true });
  return (
    <PageCard
      heading="Register for Ezy Rewards"
      labelledBy="registration-heading"
      lead="For invited customers: enter your details and your customer ID. We will email you a link to set your password."
    >
      <RegistrationForm />
      <p>
        Already registered? <Link to="/login">Sign in</Link>
      </p>
    </PageCard>
  );
}
