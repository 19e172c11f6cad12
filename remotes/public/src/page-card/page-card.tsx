import type { ReactNode } from 'react';
import styles from './page-card.module.css';

/**
 * The white card every guest and open page sits on, with its heading and an optional lead line.
 * The shell's header carries the page title as the h1; the card's heading is the h2.
 */
export function PageCard({
  heading,
  lead,
  children,
  labelledBy,
}: {
  heading?: string;
  lead?: ReactNode;
  children?: ReactNode;
  /** An id for the heading, so the section is named by it. */
  labelledBy?: string;
}) {
  return (
    <section className={styles.card} aria-labelledby={heading ? labelledBy : undefined}>
      {heading ? (
        <h2 id={labelledBy} className={styles.heading}>
          {heading}
        </h2>
      ) : null}
      {lead ? <p className={styles.lead}>{lead}</p> : null}
      {children}
    </section>
  );
}
