import styles from './spinner.module.css';

/** A loading indicator that screen readers announce once. */
export function Spinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className={styles.spinner} role="status" aria-live="polite">
      <span className={styles.dot} aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
