import { buttonClassName } from '@promo/ui/button';
import { usePageFrame } from '@promo/ui/page-frame';
import { Link } from '@promo/ui/router';
import styles from './status-page.module.css';

export function NotFoundPage() {
  usePageFrame('Page not found');
  return (
    <section className={styles.page}>
      <h1>Oops! Page not found</h1>
      <Link to="/" className={buttonClassName()}>
        Return to Home
      </Link>
    </section>
  );
}
