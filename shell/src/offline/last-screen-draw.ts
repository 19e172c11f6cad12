import { startedFromSavedRegistry } from '../runtime-config/runtime-config';
import { documentStyles, pathOf, savedScreens, STYLE_ATTRIBUTE, type SavedScreen } from './last-screen';

/**
 * An older screen is not drawn: the offline copy's own maximum age (PERSIST_MAX_AGE_MS in
 * query-persister.ts, which this chunk does not import: it would bring TanStack Query with it).
 */
export const LAST_SCREEN_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/** The screen to draw for `path` and `userid` at `now`, if one was kept and is recent enough. */
export function screenToDraw(path: string, userid: string, now: number): SavedScreen | undefined {
  return savedScreens().find(
    (saved) => saved.path === path && saved.userid === userid && now - saved.savedAt < LAST_SCREEN_MAX_AGE_MS,
  );
}

/**
 * Starts loading the stylesheets `screen` needs that the document lacks (the worker answers them
 * from its cache). Resolves once each has loaded or failed.
 */
function loadScreenStyles(screen: SavedScreen, doc: Document = document): Promise<unknown> {
  const present = new Set(documentStyles(doc));
  return Promise.all(
    screen.styles
      .filter((href) => !present.has(href))
      .map((href) => {
        const link = doc.createElement('link');
        link.rel = 'stylesheet';
        link.href = href;
        const loaded = new Promise((resolve) => {
          link.onload = link.onerror = resolve;
        });
        doc.head.append(link);
        return loaded;
      }),
  );
}

/**
 * The longest the picture waits for its stylesheets (the worker answers them from its cache in tens
 * of milliseconds); the bootstrap waits for the picture (index.ts), so a late one is not drawn.
 */
export const STYLES_WAIT_MS = 400;
/** The longest the bootstrap waits for the drawn picture's paint (a frame is about 16 ms). */
const PAINT_WAIT_MS = 100;

/** Elements a picture never has: nothing that runs, loads a document or changes the page's styles or base. */
const UNSAFE_ELEMENTS =
  'script, style, link, meta, base, iframe, frame, frameset, object, embed, template, noscript';
/** Attributes that name a URL: kept only for a web address (not javascript:, data: or the like). */
const URL_ATTRIBUTES = new Set(['href', 'xlink:href', 'src', 'action', 'formaction', 'poster', 'data']);

const isWebAddress = (value: string, base: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(value, base).protocol);
  } catch {
    return false;
  }
};

/**
 * The kept markup (captureScreen) as nodes to draw. It was this page's own DOM, but the DOM holds
 * server HTML (SafeHtml, sanitized before it was first drawn), and markup serialized and parsed
 * again need not give the same tree: so it is parsed inert, in a template, and whatever could run
 * or load is removed from the parsed nodes themselves, which are then drawn as they are. The
 * Content-Security-Policy refuses inline scripts and handlers besides.
 */
export function pictureOf(html: string, doc: Document = document): DocumentFragment {
  const template = doc.createElement('template');
  template.innerHTML = html;
  const { content } = template;
  for (const element of content.querySelectorAll(UNSAFE_ELEMENTS)) element.remove();
  for (const element of content.querySelectorAll<HTMLElement>('*')) {
    // Names first, and a value read only where it decides: an Attr object made for every
    // attribute tripled this walk (853 elements of a rep table in Chromium: 6.3 ms, now 2.2 ms,
    // unthrottled; the first paint of a return waits on it).
    for (const name of element.getAttributeNames()) {
      const lower = name.toLowerCase();
      const unsafe =
        lower.startsWith('on') ||
        lower === 'srcdoc' ||
        lower === 'style' ||
        (URL_ATTRIBUTES.has(lower) && !isWebAddress(element.getAttribute(name) ?? '', doc.baseURI)) ||
        // Each candidate's URL, before its width or density: the phone's image is the one cached.
        (lower === 'srcset' &&
          !(element.getAttribute(name) ?? '')
            .split(',')
            .every((candidate) => isWebAddress(candidate.trim().split(/\s+/)[0] ?? '', doc.baseURI)));
      if (unsafe) element.removeAttribute(name);
    }
    // An image that waits on a slow API must not hold the page's load event back, as the live
    // page's images, drawn after it, do not.
    if (element.localName === 'img') element.setAttribute('loading', 'lazy');
    const kept = element.getAttribute(STYLE_ATTRIBUTE);
    // Through the CSSOM, which the policy allows (it refuses style attributes in markup).
    if (kept !== null) element.style.cssText = kept;
  }
  return content;
}

/** Whether `root` still holds the document's own first paint (index.html), not React's. */
const showsBootFrame = (root: HTMLElement) => root.querySelector('.boot-header') !== null;

/**
 * Draws `screen` (last-screen.ts) into `root` in place of the document's "Loading…" frame, once
 * `stylesLoaded`, if the page starts from the device's registry (else its first screen waits on the
 * network anyway). Resolves whether it was drawn: not when React rendered first.
 */
export async function drawScreen(
  root: HTMLElement,
  screen: SavedScreen,
  stylesLoaded: Promise<unknown>,
): Promise<boolean> {
  const styled = await Promise.race([
    stylesLoaded.then(() => true),
    new Promise<false>((late) => setTimeout(() => late(false), STYLES_WAIT_MS)),
  ]);
  if (!styled || !startedFromSavedRegistry() || !showsBootFrame(root)) return false;
  root.replaceChildren(pictureOf(screen.html));
  // Resolved once the picture is painted: the bootstrap's evaluation waits for it (index.ts). A
  // hidden tab paints no frame, so it waits no longer than PAINT_WAIT_MS.
  await new Promise((painted) => {
    requestAnimationFrame(() => setTimeout(painted, 0));
    setTimeout(painted, PAINT_WAIT_MS);
  });
  return true;
}

/**
 * A return visit's first paint: the screen `userid` left on this page, if one was kept
 * (last-screen.ts), drawn into #root as soon as its stylesheets are in.
 */
export function drawLastScreen(
  location: Pick<Location, 'pathname' | 'search'>,
  userid: string,
): Promise<boolean> {
  const screen = screenToDraw(pathOf(location), userid, Date.now());
  const root = document.getElementById('root');
  return screen && root ? drawScreen(root, screen, loadScreenStyles(screen)) : Promise.resolve(false);
}
