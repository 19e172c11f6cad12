import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  LAST_SCREEN_MAX_CHARS,
  LAST_SCREENS_KEPT,
  LAST_SCREENS_KEY,
  savedScreens,
  type SavedScreen,
} from './last-screen';
import { captureScreen, keepScreen, keepScreenOnLeave } from './last-screen-capture';
import {
  drawScreen,
  LAST_SCREEN_MAX_AGE_MS,
  pictureOf,
  screenToDraw,
  STYLES_WAIT_MS,
} from './last-screen-draw';

let startedFromDevice = true;
vi.mock('../runtime-config/runtime-config', () => ({ startedFromSavedRegistry: () => startedFromDevice }));

const NOW = Date.UTC(2026, 10, 28, 9);

const screen = (overrides: Partial<SavedScreen> = {}): SavedScreen => ({
  path: '/promotions/P1',
  userid: 'U1',
  savedAt: NOW,
  html: '<main><h1>Tier Up</h1></main>',
  styles: [],
  ...overrides,
});

/** A #root as React leaves it: a frame, a page, a progress bar sized through a style. */
function renderedRoot(page = ''): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = `<div class="frame"><header><button type="button">Menu</button></header>
    <main><h1>Tier Up Hamper Challenge</h1><p>96% of Target 2</p>
    <div class="bar" style="width: 96%;"></div>
    <form><input name="search" value="Acme"><select><option>All</option></select><textarea></textarea></form>
    <a href="/promotions/P1/rewards">Rewards</a>${page}</main></div>`;
  return root;
}

/** #root as index.html paints it, before React's first render. */
function bootRoot(): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = '<div class="boot-header"></div><p class="boot-status" role="status">Loading…</p>';
  return root;
}

afterEach(() => {
  localStorage.clear();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('which screen is drawn', () => {
  it("is the one kept for the page's path and query, and for the same user only", () => {
    keepScreen(screen());
    keepScreen(screen({ path: '/salesrep/promotions/P1?sort=name', userid: 'R1' }));
    expect(screenToDraw('/promotions/P1', 'U1', NOW)?.html).toContain('Tier Up');
    expect(screenToDraw('/promotions/P1', 'U2', NOW)).toBeUndefined();
    expect(screenToDraw('/promotions/P2', 'U1', NOW)).toBeUndefined();
    expect(screenToDraw('/salesrep/promotions/P1?sort=name', 'R1', NOW)).toBeDefined();
    expect(screenToDraw('/salesrep/promotions/P1', 'R1', NOW)).toBeUndefined();
  });

  it('is not one older than the offline copy may be', () => {
    keepScreen(screen());
    expect(screenToDraw('/promotions/P1', 'U1', NOW + LAST_SCREEN_MAX_AGE_MS - 1)).toBeDefined();
    expect(screenToDraw('/promotions/P1', 'U1', NOW + LAST_SCREEN_MAX_AGE_MS)).toBeUndefined();
  });

  it('keeps the last few pages left, the latest first, one per path', () => {
    for (let page = 1; page <= LAST_SCREENS_KEPT + 2; page++) keepScreen(screen({ path: `/p${page}` }));
    keepScreen(screen({ path: '/p4', html: '<p>again</p>' }));
    expect(savedScreens().map((saved) => saved.path)).toEqual(['/p4', '/p6', '/p5', '/p3']);
    expect(screenToDraw('/p4', 'U1', NOW)?.html).toBe('<p>again</p>');
  });

  it('keeps no screen too large for localStorage, and reads a broken copy as none', () => {
    keepScreen(screen({ html: 'x'.repeat(LAST_SCREEN_MAX_CHARS + 1) }));
    expect(savedScreens()).toEqual([]);
    localStorage.setItem(LAST_SCREENS_KEY, '{not json');
    expect(screenToDraw('/promotions/P1', 'U1', NOW)).toBeUndefined();
  });
});

describe('the picture kept of a screen', () => {
  it('can be neither pressed, typed into nor read out as the page', () => {
    const picture = pictureOf(captureScreen(renderedRoot())!);
    const frame = picture.firstElementChild!;
    expect(frame.hasAttribute('inert')).toBe(true);
    expect(frame.getAttribute('aria-hidden')).toBe('true');
    for (const control of picture.querySelectorAll('button, input, select, textarea')) {
      expect(control.hasAttribute('disabled')).toBe(true);
    }
    expect(picture.querySelector('p')?.textContent).toBe('96% of Target 2');
    expect(picture.querySelector('a')?.getAttribute('href')).toBe('/promotions/P1/rewards');
  });

  it('keeps its inline sizes, set through the CSSOM rather than as style attributes', () => {
    const html = captureScreen(renderedRoot())!;
    expect(html).not.toMatch(/\sstyle=/);
    const bar = pictureOf(html).querySelector<HTMLElement>('.bar')!;
    expect(bar.style.width).toBe('96%');
  });

  it('leaves out dialogs, the update prompt and the install banner', () => {
    const html = captureScreen(
      renderedRoot(
        '<div role="dialog" aria-label="Menu">menu</div><section aria-label="Update available">new</section>' +
          '<aside aria-label="Install Ezy Rewards">install</aside>',
      ),
    )!;
    expect(html).not.toMatch(/menu<|new<|install</);
  });

  it("is not kept of index.html's Loading… frame or a screen showing an error; an empty live region is no error", () => {
    expect(captureScreen(bootRoot())).toBeUndefined();
    // A chart below the fold stays busy until it is scrolled to: the rest of the screen is kept.
    expect(captureScreen(renderedRoot('<div role="img" aria-busy="true"></div>'))).toContain(
      '96% of Target 2',
    );
    expect(
      captureScreen(renderedRoot('<div role="alert">The promotion could not be loaded.</div>')),
    ).toBeUndefined();
    expect(captureScreen(renderedRoot('<div role="alert"> </div>'))).toContain('96% of Target 2');
    expect(captureScreen(document.createElement('div'))).toBeUndefined();
  });

  it('is drawn without anything that could run or load: markup parsed again may not give the same tree', () => {
    const picture = pictureOf(
      '<div><img src="/api/v1/file/image/hero" onerror="alert(1)"><a href="javascript:alert(1)">x</a>' +
        '<script>alert(1)</script><iframe srcdoc="<script>alert(1)</script>"></iframe><style>*{}</style>' +
        '<svg><a xlink:href="data:text/html,hi">y</a></svg><form action="javascript:alert(1)"></form>' +
        '<img srcset="/a.png 1x, javascript:alert(1) 2x"><p style="color: red">z</p>' +
        '<picture><source media="(max-width: 600px)" srcset="/api/v1/file/image/hero-mobile 600w"></picture></div>',
    );
    expect(picture.querySelectorAll('script, iframe, style')).toHaveLength(0);
    const img = picture.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('/api/v1/file/image/hero');
    // An image held up by a slow API does not hold the page's load event.
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.hasAttribute('onerror')).toBe(false);
    expect(picture.querySelector('a')?.hasAttribute('href')).toBe(false);
    expect(picture.querySelector('svg a')?.hasAttribute('xlink:href')).toBe(false);
    expect(picture.querySelector('form')?.hasAttribute('action')).toBe(false);
    expect(picture.querySelectorAll('img[srcset], [style]')).toHaveLength(0);
    // A phone's own image, named by a web address, is kept: it is the one the device has.
    expect(picture.querySelector('source')?.getAttribute('srcset')).toBe(
      '/api/v1/file/image/hero-mobile 600w',
    );
  });
});

describe('drawing the picture', () => {
  it("replaces the document's Loading… frame once its stylesheets are in", async () => {
    const root = bootRoot();
    await expect(drawScreen(root, screen(), Promise.resolve())).resolves.toBe(true);
    expect(root.querySelector('h1')?.textContent).toBe('Tier Up');
  });

  it('is not drawn where the page waits on the network for its registry anyway', async () => {
    startedFromDevice = false;
    const root = bootRoot();
    await expect(drawScreen(root, screen(), Promise.resolve())).resolves.toBe(false);
    startedFromDevice = true;
    expect(root.querySelector('.boot-header')).not.toBeNull();
  });

  it('is not drawn once React has rendered, nor unstyled when its stylesheets are late', async () => {
    const rendered = renderedRoot();
    await expect(drawScreen(rendered, screen(), Promise.resolve())).resolves.toBe(false);
    expect(rendered.querySelector('h1')?.textContent).toBe('Tier Up Hamper Challenge');

    vi.useFakeTimers();
    const root = bootRoot();
    const drawn = drawScreen(root, screen(), new Promise(() => undefined));
    await vi.advanceTimersByTimeAsync(STYLES_WAIT_MS);
    await expect(drawn).resolves.toBe(false);
    expect(root.querySelector('.boot-header')).not.toBeNull();
  });
});

describe('keeping the screen a user leaves', () => {
  it('keeps it when the page is hidden, for the signed-in user only', () => {
    const root = renderedRoot();
    let userid: string | undefined = 'U1';
    keepScreenOnLeave(() => userid, root);
    window.dispatchEvent(new Event('pagehide'));
    expect(savedScreens()).toEqual([
      expect.objectContaining({ path: window.location.pathname + window.location.search, userid: 'U1' }),
    ]);

    localStorage.clear();
    userid = undefined;
    window.dispatchEvent(new Event('pagehide'));
    expect(savedScreens()).toEqual([]);
  });
});
