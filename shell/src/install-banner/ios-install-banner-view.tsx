import { writeStored } from '@promo/domain/device-storage';
import { IOS_BANNER_DISMISSED_KEY } from './ios-install-banner.rules';
import styles from './ios-install-banner.module.css';

// Where sessionStorage refuses, the dismissal is not remembered beyond this page.
const rememberDismissed = () => writeStored('session', IOS_BANNER_DISMISSED_KEY, 'true');

/** The iOS install banner itself (IosInstallBanner decides whether it shows). */
export default function IosInstallBannerView({ onDismiss }: { onDismiss: () => void }) {
  return (
    <aside className={styles.banner} aria-label="Install Ezy Rewards">
      <p className={styles.text}>
        Install Ezy Rewards on your home screen: tap the Share button{' '}
        <svg className={styles.share} viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path
            d="M12 3v12M8 7l4-4 4 4M6 11H5v10h14V11h-1"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>{' '}
        and then <strong>Add to Home Screen</strong>.
      </p>
      <button
        type="button"
        className={styles.dismiss}
        onClick={() => {
          rememberDismissed();
          onDismiss();
        }}
      >
        Dismiss
      </button>
    </aside>
  );
}
