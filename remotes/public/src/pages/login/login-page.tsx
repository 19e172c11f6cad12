import { usePageFrame } from '@promo/ui/page-frame';
import { buttonClassName } from '@promo/ui/button';
import { Link } from '@promo/ui/router';
import { ForgotPassword } from '../../features/forgot-password/forgot-password';
import { SignInForm } from '../../features/sign-in/sign-in-form';
import { SsoSignInButton } from '../../features/sign-in/sso-sign-in-button';
import { PageCard } from '../../page-card/page-card';
import styles from './login-page.module.css';

/** docs/product-rules.md, 'Sign-in': email, password with show/hide, Sign In, Sign In with SSO, Forgot Password, Register Now. */
export default function LoginPage() {
  usePageFrame('Login');
  return (
    <PageCard
      heading="Welcome to Ezy Rewards"
      labelledBy="login-heading"
      lead="Sign in to track your spend and choose your rewards."
    >
      <SignInForm />
      <div className={styles.more}>
        <SsoSignInButton />
        <ForgotPassword />
      </div>
      <p className={styles.register}>
        New to Ezy Rewards?{' '}
        <Link to="/registration" className={buttonClassName('secondary', true)}>
          Register Now
        </Link>
      </p>
    </PageCard>
  );
}
