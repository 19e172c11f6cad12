import { readStored } from '@promo/domain/device-storage';
import { lazy, Suspense, useState } from 'react';
import {
  IOS_BANNER_DISMISSED_KEY,
  shouldShowIosInstallBanner,
  type BrowserFacts,
} from './ios-install-banner.rules';

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
const wasDismissed = () => readStored('session', IOS_BANNER_DISMISSED_KEY) === 'true';

// The banner's markup loads only on the iPhones and iPads that show it.
const IosInstallBannerView = lazy(() => import('./ios-install-banner-view'));

/** iOS only (docs/product-rules.md, 'Installing on iOS'): how to add the app to the home screen; dismissible per session. */
export function IosInstallBanner() {
  const [visible, setVisible] = useState(() => shouldShowIosInstallBanner(browserFacts(), wasDismissed()));
  if (!visible) return null;
  return (
    <Suspense fallback={null}>
      <IosInstallBannerView onDismiss={() => setVisible(false)} />
    </Suspense>
  );
}
