import { describe, expect, it } from 'vitest';
import { shouldShowIosInstallBanner, type BrowserFacts } from './ios-install-banner.rules';

const iphone: BrowserFacts = {
  userAgent:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  platform: 'iPhone',
  maxTouchPoints: 5,
  standalone: false,
};
const ipadAsMac: BrowserFacts = {
  userAgent:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  platform: 'MacIntel',
  maxTouchPoints: 5,
  standalone: false,
};
const mac: BrowserFacts = { ...ipadAsMac, maxTouchPoints: 0 };
const android: BrowserFacts = {
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
  platform: 'Linux armv8l',
  maxTouchPoints: 5,
  standalone: false,
};

describe('shouldShowIosInstallBanner', () => {
  it('shows on an iPhone in the browser', () => {
    expect(shouldShowIosInstallBanner(iphone, false)).toBe(true);
  });

  it('shows on an iPad that asks for the desktop site', () => {
    expect(shouldShowIosInstallBanner(ipadAsMac, false)).toBe(true);
  });

  it('does not show on a Mac, Android or desktop browser', () => {
    expect(shouldShowIosInstallBanner(mac, false)).toBe(false);
    expect(shouldShowIosInstallBanner(android, false)).toBe(false);
  });

  it('does not show when the app already runs from the home screen', () => {
    expect(shouldShowIosInstallBanner({ ...iphone, standalone: true }, false)).toBe(false);
  });

  it('does not show again once dismissed in this session', () => {
    expect(shouldShowIosInstallBanner(iphone, true)).toBe(false);
  });
});
