import { describe, expect, it } from 'vitest';
import { appWindow, clickTarget, notificationFromPayload, readPushJson } from './push-payload';

const SCOPE = 'https://app.example.nz/';

const payload = (overrides: Record<string, unknown> = {}, notification: Record<string, unknown> = {}) => ({
  web_push: 8030,
  notification: {
    title: 'Target 2 unlocked',
    body: "You've unlocked Target 2 in Tier Up Hamper Challenge. Choose your reward.",
    navigate: 'https://app.example.nz/promotions/PROMO-TierUp-Hampers',
    tag: 'G100001:PROMO-TierUp-Hampers:target-unlocked',
    lang: 'en-NZ',
    ...notification,
  },
  ...overrides,
});

describe('notificationFromPayload', () => {
  it('shows the title and body with the tag, language, app icon and click target', () => {
    expect(notificationFromPayload(payload({ app_badge: 2 }), SCOPE)).toEqual({
      title: 'Target 2 unlocked',
      options: {
        body: "You've unlocked Target 2 in Tier Up Hamper Challenge. Choose your reward.",
        tag: 'G100001:PROMO-TierUp-Hampers:target-unlocked',
        lang: 'en-NZ',
        icon: 'https://app.example.nz/icons/icon-192.png',
        data: { navigate: 'https://app.example.nz/promotions/PROMO-TierUp-Hampers' },
      },
      appBadge: 2,
    });
  });

  it('carries no badge number unless the message has a whole, non-negative one', () => {
    expect(notificationFromPayload(payload(), SCOPE)?.appBadge).toBeUndefined();
    expect(notificationFromPayload(payload({ app_badge: 0 }), SCOPE)?.appBadge).toBe(0);
    expect(notificationFromPayload(payload({ app_badge: -1 }), SCOPE)?.appBadge).toBeUndefined();
    expect(notificationFromPayload(payload({ app_badge: 1.5 }), SCOPE)?.appBadge).toBeUndefined();
    expect(notificationFromPayload(payload({ app_badge: '3' }), SCOPE)?.appBadge).toBeUndefined();
  });

  it('keeps the click inside the app whatever the message says', () => {
    const shown = notificationFromPayload(
      payload({}, { navigate: 'https://evil.example.com/promotions/x' }),
      SCOPE,
    );
    expect(shown?.options.data.navigate).toBe(SCOPE);
  });

  it('shows nothing for what is not a Declarative Web Push message', () => {
    for (const malformed of [
      undefined,
      null,
      'Target 2 unlocked',
      [],
      {},
      { ...payload(), web_push: 1 },
      { web_push: 8030 },
      { web_push: 8030, notification: 'Target 2 unlocked' },
      payload({}, { title: 42 }),
      payload({}, { title: '  ' }),
    ]) {
      expect(notificationFromPayload(malformed, SCOPE)).toBeUndefined();
    }
  });

  it('fills in what a well-formed message leaves out', () => {
    const shown = notificationFromPayload(
      { web_push: 8030, notification: { title: 'Your customers this week: 5 updates' } },
      SCOPE,
    );
    expect(shown?.options).toEqual({
      body: '',
      lang: 'en-NZ',
      icon: 'https://app.example.nz/icons/icon-192.png',
      data: { navigate: SCOPE },
    });
  });
});

describe('readPushJson', () => {
  it('reads JSON, and anything else as nothing', () => {
    expect(readPushJson(() => '{"web_push":8030}')).toEqual({ web_push: 8030 });
    expect(readPushJson(() => 'not json')).toBeUndefined();
    expect(readPushJson(() => '')).toBeUndefined();
    expect(
      readPushJson(() => {
        throw new TypeError('Not text');
      }),
    ).toBeUndefined();
  });
});

describe('clickTarget', () => {
  it('opens a page of the app', () => {
    expect(clickTarget('https://app.example.nz/salesrep/promotions/P1', SCOPE)).toBe(
      'https://app.example.nz/salesrep/promotions/P1',
    );
    expect(clickTarget('/promotions/P1?from=push', SCOPE)).toBe(
      'https://app.example.nz/promotions/P1?from=push',
    );
  });

  it('opens the start URL for anything outside the scope or not a URL', () => {
    expect(clickTarget('https://evil.example.com/', SCOPE)).toBe(SCOPE);
    expect(clickTarget('//evil.example.com/promotions/P1', SCOPE)).toBe(SCOPE);
    expect(clickTarget('http://app.example.nz/promotions/P1', SCOPE)).toBe(SCOPE);
    expect(clickTarget('javascript:alert(1)', SCOPE)).toBe(SCOPE);
    expect(clickTarget('https://app.example.nz.evil.example.com/', SCOPE)).toBe(SCOPE);
    expect(clickTarget(undefined, SCOPE)).toBe(SCOPE);
    expect(clickTarget({ href: '/promotions/P1' }, SCOPE)).toBe(SCOPE);
    expect(clickTarget('http://[::1', SCOPE)).toBe(SCOPE);
  });

  it('holds a narrower scope: a page above it opens the scope itself', () => {
    const scope = 'https://example.nz/app/';
    expect(clickTarget('https://example.nz/app/promotions/P1', scope)).toBe(
      'https://example.nz/app/promotions/P1',
    );
    expect(clickTarget('https://example.nz/other', scope)).toBe(scope);
    expect(clickTarget('https://example.nz/application', scope)).toBe(scope);
  });
});

describe('appWindow', () => {
  it('prefers the focused app window, and ignores windows outside the scope', () => {
    const windows = [
      { url: 'https://app.example.nz/my-account', focused: false },
      { url: 'https://app.example.nz/', focused: true },
    ];
    expect(appWindow(windows, SCOPE)).toBe(windows[1]);
    expect(appWindow([windows[0]!], SCOPE)).toBe(windows[0]);
    expect(
      appWindow([{ url: 'https://example.nz/app/', focused: true }], 'https://example.nz/app2/'),
    ).toBeUndefined();
    expect(appWindow([], SCOPE)).toBeUndefined();
  });
});
