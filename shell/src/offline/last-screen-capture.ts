import { writeStoredJson } from '@promo/domain/device-storage';
import {
  documentStyles,
  LAST_SCREEN_MAX_CHARS,
  LAST_SCREENS_KEPT,
  LAST_SCREENS_KEY,
  pathOf,
  savedScreens,
  STYLE_ATTRIBUTE,
  type SavedScreen,
} from './last-screen';

/*
 * Keeps the screen a signed-in user leaves (last-screen.ts): when the page is hidden, which is the
 * last moment a phone reliably gives a page before it may be closed or discarded.
 */

/** index.html's own Loading… frame is not worth drawing again. */
const NOT_KEPT_WHEN = '.boot-header';
/**
 * Nor a screen showing an error (an empty alert is a live region waiting for one). A part still
 * loading is kept as it shows (a chart below the fold is drawn only once scrolled to).
 */
const showsAlert = (root: HTMLElement) =>
  Array.from(root.querySelectorAll('[role="alert"]')).some((alert) => alert.textContent?.trim());
/**
 * Passing things, left out of the picture: dialogs, the update prompt (update-prompt-card.tsx), the
 * install banner (ios-install-banner-view.tsx), and anything that runs or embeds.
 */
const LEFT_OUT = [
  '[role="dialog"]',
  '[role="alertdialog"]',
  '[aria-modal="true"]',
  '[aria-label="Update available"]',
  '[aria-label="Install Ezy Rewards"]',
  'script',
  'iframe',
  'object',
  'embed',
].join(', ');

/**
 * `root`'s markup as an inert picture, or undefined for a screen not worth keeping: controls
 * disabled, styles kept aside (STYLE_ATTRIBUTE), and each top-level element inert and hidden from
 * assistive technology, so nothing in it can be pressed, typed into or read out as the page.
 */
export function captureScreen(root: HTMLElement): string | undefined {
  if (root.childElementCount === 0 || root.querySelector(NOT_KEPT_WHEN) || showsAlert(root)) return undefined;
  const picture = root.cloneNode(true) as HTMLElement;
  for (const element of picture.querySelectorAll(LEFT_OUT)) element.remove();
  for (const element of picture.querySelectorAll('[style]')) {
    element.setAttribute(STYLE_ATTRIBUTE, element.getAttribute('style') ?? '');
    element.removeAttribute('style');
  }
  for (const control of picture.querySelectorAll('button, input, select, textarea')) {
    control.setAttribute('disabled', '');
  }
  for (const element of picture.children) {
    element.setAttribute('inert', '');
    element.setAttribute('aria-hidden', 'true');
  }
  return picture.innerHTML;
}

/** Keeps `screen` as its path's last screen, dropping the oldest beyond LAST_SCREENS_KEPT. */
export function keepScreen(screen: SavedScreen): void {
  if (screen.html.length > LAST_SCREEN_MAX_CHARS) return;
  const others = savedScreens().filter((saved) => saved.path !== screen.path);
  writeStoredJson('local', LAST_SCREENS_KEY, [screen, ...others].slice(0, LAST_SCREENS_KEPT));
}

/**
 * Keeps the screen each time the page is hidden, for the user `currentUserid` names then (none:
 * signed out, nothing kept).
 */
export function keepScreenOnLeave(currentUserid: () => string | undefined, root: HTMLElement): void {
  const keep = () => {
    const userid = currentUserid();
    if (!userid) return;
    const html = captureScreen(root);
    if (html === undefined) return;
    keepScreen({
      path: pathOf(window.location),
      userid,
      savedAt: Date.now(),
      html,
      styles: documentStyles(),
    });
  };
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') keep();
  });
  // A page being closed is hidden first, and was kept then; pagehide covers a browser that skips that.
  window.addEventListener('pagehide', () => {
    if (document.visibilityState !== 'hidden') keep();
  });
}
