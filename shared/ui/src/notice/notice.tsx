import type { ReactNode } from 'react';
import styles from './notice.module.css';

export interface NoticeProps {
  title?: string;
  tone?: 'info' | 'error';
  children?: ReactNode;
}

/** A block message inside the page: empty states, errors with a way out. */
export function Notice({ title, tone = 'info', children }: NoticeProps) {
  return (
    <section
      className={`${styles.notice} ${tone === 'error' ? styles.error : ''}`}
      role={tone === 'error' ? 'alert' : undefined}
    >
      {title ? <h2 className={styles.title}>{title}</h2> : null}
      {children}
    </section>
  );
}
