import { buttonClassName } from '@promo/ui/button';
import styles from './status-page.module.css';

/** The generic error page (docs/product-rules.md, 'Not-found and error pages'); a plain link reloads the app from its root. */
export function ErrorPage() {
  return (
    <section className={styles.page} role="alert">
      <h1>Oops!</h1>
      <p>Sorry, an unexpected error has occurred.</p>
      <a href="/" className={buttonClassName('secondary')}>
        Return to Home
      </a>
    </section>
  );
}
