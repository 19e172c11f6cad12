import { describe, expect, it } from 'vitest';
import { deniedHelp, isAppleMobile, pushDeviceState, type PushDevice } from './push-device.rules';

const UA = {
  iPhone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.4 Mobile/15E148 Safari/604.1',
  iPadOld:
    'Mozilla/5.0 (iPad; CPU OS 16_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.4 Mobile/15E148 Safari/604.1',
  // iPadOS asks for the desktop site by default: a Mac user agent, with touch points.
  mac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.4 Safari/605.1.15',
  chromeIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/136.0 Mobile/15E148 Safari/604.1',
  android:
    'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36',
  firefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:139.0) Gecko/20100101 Firefox/139.0',
};

/** A browser with everything Web Push needs, not yet asked. */
const capable = (overrides: Partial<PushDevice> = {}): PushDevice => ({
  userAgent: UA.android,
  maxTouchPoints: 5,
  installed: false,
  hasServiceWorker: true,
  hasPushManager: true,
  hasNotification: true,
  permission: 'default',
  ...overrides,
});

/** Safari in an iOS tab: no PushManager, no Notification. */
const iosTab = (userAgent: string, maxTouchPoints = 5): PushDevice =>
  capable({
    userAgent,
    maxTouchPoints,
    hasPushManager: false,
    hasNotification: false,
    permission: undefined,
  });

describe('isAppleMobile', () => {
  it('knows an iPhone, an iPad, and an iPad presenting itself as a Mac', () => {
    expect(isAppleMobile({ userAgent: UA.iPhone, maxTouchPoints: 5 })).toBe(true);
    expect(isAppleMobile({ userAgent: UA.iPadOld, maxTouchPoints: 5 })).toBe(true);
    expect(isAppleMobile({ userAgent: UA.mac, maxTouchPoints: 5 })).toBe(true);
    expect(isAppleMobile({ userAgent: UA.chromeIos, maxTouchPoints: 5 })).toBe(true);
  });
  it('leaves out a Mac without touch, Android and desktop browsers', () => {
    expect(isAppleMobile({ userAgent: UA.mac, maxTouchPoints: 0 })).toBe(false);
    expect(isAppleMobile({ userAgent: UA.android, maxTouchPoints: 5 })).toBe(false);
    expect(isAppleMobile({ userAgent: UA.firefox, maxTouchPoints: 0 })).toBe(false);
  });
});

describe('pushDeviceState', () => {
  it('asks an iPhone or iPad in the browser to add the app to the Home Screen first', () => {
    expect(pushDeviceState(iosTab(UA.iPhone))).toBe('install-first');
    expect(pushDeviceState(iosTab(UA.mac))).toBe('install-first');
    expect(pushDeviceState(iosTab(UA.chromeIos))).toBe('install-first');
    // Even a browser tab that had the APIs: only the Home Screen app can receive pushes.
    expect(pushDeviceState(capable({ userAgent: UA.iPhone }))).toBe('install-first');
  });
  it('offers the button in the installed app on an iPhone or iPad (16.4 and later)', () => {
    expect(pushDeviceState(capable({ userAgent: UA.iPhone, installed: true }))).toBe('available');
    expect(pushDeviceState(capable({ userAgent: UA.mac, maxTouchPoints: 5, installed: true }))).toBe(
      'available',
    );
  });
  it('says an installed app without Web Push (iOS before 16.4) is not supported', () => {
    expect(pushDeviceState({ ...iosTab(UA.iPadOld), installed: true })).toBe('unsupported');
  });
  it('says so where a piece of Web Push is missing', () => {
    expect(pushDeviceState(capable({ hasServiceWorker: false }))).toBe('unsupported');
    expect(pushDeviceState(capable({ hasPushManager: false }))).toBe('unsupported');
    expect(pushDeviceState(capable({ hasNotification: false, permission: undefined }))).toBe('unsupported');
  });
  it('says when permission was denied, installed or not', () => {
    expect(pushDeviceState(capable({ permission: 'denied' }))).toBe('denied');
    expect(pushDeviceState(capable({ userAgent: UA.iPhone, installed: true, permission: 'denied' }))).toBe(
      'denied',
    );
  });
  it('offers the button when permission is not asked yet or already given', () => {
    expect(pushDeviceState(capable({ permission: 'default' }))).toBe('available');
    expect(pushDeviceState(capable({ permission: 'granted' }))).toBe('available');
    expect(pushDeviceState(capable({ userAgent: UA.firefox, maxTouchPoints: 0 }))).toBe('available');
  });
});

describe('deniedHelp', () => {
  it("points an iPhone or iPad at the Settings app, anyone else at the site's settings", () => {
    expect(deniedHelp({ userAgent: UA.iPhone, maxTouchPoints: 5 })).toMatch(/^To allow them, open Settings/);
    expect(deniedHelp({ userAgent: UA.android, maxTouchPoints: 5 })).toMatch(/site's settings/);
  });
});
