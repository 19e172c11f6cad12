import { QueryError } from '@promo/ui/query-error';
import styles from './status-page.module.css';

/**
 * Shown when the app cannot start at all: the environment's remote registry could not be loaded
 * (or this host has no environment), so no section of the app can be placed. Reloading is the way
 * out: the registry is fetched afresh.
 */
export function AppUnavailablePage({ reload = () => window.location.reload() }: { reload?: () => void }) {
  return (
    <main className={styles.page}>
      <QueryError title="The app could not be loaded" onRetry={reload} />
    </main>
  );
}
