import { buttonClassName } from '@promo/ui/button';
import { usePageFrame } from '@promo/ui/page-frame';
import { Link } from '@promo/ui/router';
import { PageCard } from '../../page-card/page-card';

/** The registration successful page asks the user to check their email, including junk/spam. */
export default function RegisterOnboardingPage() {
  usePageFrame('Registration Successful');
  return (
    <PageCard heading="Thanks for registering" labelledBy="onboarding-heading">
      <p>
        We have sent you an email to complete your registration. Please check your email, including your junk
        or spam folder, and follow the link to verify your email address and set your password.
      </p>
      <Link to="/login" className={buttonClassName('primary', true)}>
        Back to Login
      </Link>
    </PageCard>
  );
}
