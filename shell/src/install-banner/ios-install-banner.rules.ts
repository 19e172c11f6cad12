/** sessionStorage key: the banner was dismissed in this browser session (docs/product-rules.md, 'Installing on iOS'). */
export const IOS_BANNER_DISMISSED_KEY = 'ezy:ios-install-banner-dismissed';

export interface BrowserFacts {
  userAgent: string;
  /** navigator.platform ('MacIntel' on an iPad asking for the desktop site) */
  platform: string;
  maxTouchPoints: number;
  /** Already running from the home screen (navigator.standalone or display-mode: standalone). */
  standalone: boolean;
}

/** iPhone, iPod, or iPad, including iPadOS that presents itself as a Mac with a touch screen. */
function isIos({ userAgent, platform, maxTouchPoints }: BrowserFacts): boolean {
  return /\b(iPhone|iPad|iPod)\b/.test(userAgent) || (platform === 'MacIntel' && maxTouchPoints > 1);
}

/**
 * iOS only: Safari has no install prompt, so the app explains "Add to Home
 * Screen", unless it already runs from the home screen or the banner was dismissed this session.
 */
export function shouldShowIosInstallBanner(facts: BrowserFacts, dismissed: boolean): boolean {
  return isIos(facts) && !facts.standalone && !dismissed;
}
