import { useState } from 'react';
import styles from './spinner.module.css';

/** When the ring appears: once the page has been loading this long (shell/src/boot.css does the same). */
const RING_AFTER_MS = 1000;

/**
 * The ring's delay, counted from the page's navigation: a Spinner that takes over from the HTML's
 * own "Loading…" while the app starts shows its ring when that one would, so the ring does not
 * blink out as React replaces the HTML's; one shown later, while a screen loads, shows it at once.
 */
function ringDelay(): string {
  const ms = Math.max(0, Math.round(RING_AFTER_MS - performance.now()));
  return `${ms}ms`;
}

/** A loading indicator that screen readers announce once. */
export function Spinner({ label = 'Loading…' }: { label?: string }) {
  const [delay] = useState(ringDelay);
  return (
    <div className={styles.spinner} role="status" aria-live="polite">
      <span className={styles.dot} style={{ animationDelay: `${delay}, ${delay}` }} aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
