import { NotificationArea } from '@promo/ui/notifications';
import { Outlet } from 'react-router-dom';
import { SessionGate } from '../session/session-gate';
import styles from './app-layout.module.css';
import { Header } from './header';

/** The page frame (spec §2): a 70 px header, content at most 640 px wide, toasts above it. */
export function AppLayout() {
  return (
    <div className={styles.app}>
      <a className={styles.skip} href="#main">
        Skip to content
      </a>
      <Header />
      <NotificationArea />
      <main id="main" className={styles.content} tabIndex={-1}>
        <SessionGate>
          <Outlet />
        </SessionGate>
      </main>
    </div>
  );
}
