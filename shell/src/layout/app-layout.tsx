import { NotificationArea } from '@promo/ui/notifications';
import { Outlet } from '@promo/ui/router';
import { UpdatePrompt } from '../app-update/update-prompt';
import { IosInstallBanner } from '../install-banner/ios-install-banner';
import { OfflineIndicator } from '../offline-indicator/offline-indicator';
import { SessionGate } from '../session/session-gate';
import styles from './app-layout.module.css';
import { Header } from './header';

/**
 * The page frame (docs/product-rules.md, 'Page frame and menu'): a 70 px header, content at most 640 px wide, toasts above it; the
 * offline indicator under the header, the iOS install banner, and the update prompt at the foot.
 */
export function AppLayout() {
  return (
    <div className={styles.app}>
      <a className={styles.skip} href="#main">
        Skip to content
      </a>
      <Header />
      <OfflineIndicator />
      <NotificationArea />
      <IosInstallBanner />
      <main id="main" className={styles.content} tabIndex={-1}>
        <SessionGate>
          <Outlet />
        </SessionGate>
      </main>
      <UpdatePrompt />
    </div>
  );
}
