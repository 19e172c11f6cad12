import { usePageFrame } from '@promo/ui/page-frame';
import { SignInForm } from '../../features/sign-in/sign-in-form';
import styles from './login-page.module.css';

export default function LoginPage() {
  usePageFrame('Login');
  return (
    <section className={styles.page}>
      <h2 className={styles.heading}>Welcome to Ezy Rewards</h2>
      <p className={styles.lead}>Sign in to track your spend and choose your rewards.</p>
      <SignInForm />
    </section>
  );
}
