import { useState } from 'react';
import {
  IOS_BANNER_DISMISSED_KEY,
  shouldShowIosInstallBanner,
  type BrowserFacts,
} from './ios-install-banner.rules';
import styles from './ios-install-banner.module.css';

function browserFacts(): BrowserFacts {
  const standalone =
    (navigator as Navigator & { standalone?: boolean }).standalone === true ||
    window.matchMedia('(display-mode: standalone)').matches;
  return {
    userAgent: navigator.userAgent,
    platform: navigator.platform,
    maxTouchPoints: navigator.maxTouchPoints,
    standalone,
  };
}

// sessionStorage can refuse (storage disabled): then the banner is dismissed for this page only.
function wasDismissed(): boolean {
  try {
    return sessionStorage.getItem(IOS_BANNER_DISMISSED_KEY) === 'true';
  } catch {
    return false;
  }
}

function rememberDismissed(): void {
  try {
    sessionStorage.setItem(IOS_BANNER_DISMISSED_KEY, 'true');
  } catch {
    // Not remembered beyond this page.
  }
}

/** iOS only (spec §2 "Other"): how to add the app to the home screen; dismissible per session. */
export function IosInstallBanner() {
  const [visible, setVisible] = useState(() => shouldShowIosInstallBanner(browserFacts(), wasDismissed()));
  if (!visible) return null;
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
          setVisible(false);
        }}
      >
        Dismiss
      </button>
    </aside>
  );
}
