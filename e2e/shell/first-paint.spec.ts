import { expect, test, type Page } from '@playwright/test';

/** The box of the page's header bar, whichever draws it (the HTML's placeholder or React's header). */
async function headerBox(page: Page, selector: string) {
  const box = await page.locator(selector).boundingBox();
  if (!box) throw new Error(`${selector} is not on the page.`);
  return box;
}

test('while the scripts download, the HTML alone paints the header bar and says it is loading', async ({
  page,
}) => {
  // Scripts that never arrive: what a phone shows before they do.
  await page.route('**/*.js', (route) => route.abort());
  await page.goto('/login');
  await expect(page.getByRole('status')).toHaveText('Loading…');
  const bar = page.locator('.boot-header');
  await expect(bar).toHaveCSS('background-color', 'rgb(11, 79, 156)');
  expect(await headerBox(page, '.boot-header')).toMatchObject({ x: 0, y: 0, height: 70 });
  // The ring and the words appear once the wait has lasted a second; the ring turns.
  const ring = page.locator('.boot-dot');
  await expect(ring).toHaveCSS('animation-delay', '0s, 1s, 1s');
  await expect(ring).toHaveCSS('opacity', '1');
  await expect(page.locator('.boot-words')).toBeVisible();
});

test('the first frame lays out no text: the loading words come with the ring, a second on', async ({
  page,
}) => {
  // Text in the first frame would make its layout wait on a font look-up (boot.css says why).
  await page.route('**/*.js', (route) => route.abort());
  await page.goto('/login');
  const shown = await page.evaluate(() => {
    const at = (ms: number) =>
      Array.from(document.querySelectorAll<HTMLElement>('.boot-dot, .boot-words'), (element) => {
        for (const animation of element.getAnimations()) {
          animation.pause();
          animation.currentTime = ms;
        }
        return getComputedStyle(element).display;
      });
    const texts = Array.from(document.querySelectorAll('#root *'))
      .filter((element) =>
        Array.from(element.childNodes).some(
          (node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim(),
        ),
      )
      .map((element) => element.className);
    return { start: at(0), late: at(999), second: at(1000), texts };
  });
  expect(shown.start).toEqual(['none', 'none']);
  expect(shown.late).toEqual(['none', 'none']);
  expect(shown.second).toEqual(['block', 'block']);
  // The words are the frame's only text.
  expect(shown.texts).toEqual(['boot-words']);
});

test('the first paint waits for no stylesheet: its styles are in the HTML, and the policy admits them', async ({
  page,
}) => {
  const violations: string[] = [];
  await page.exposeFunction('reportViolation', (directive: string) => violations.push(directive));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      (window as Window & { reportViolation?: (directive: string) => void }).reportViolation?.(
        event.effectiveDirective,
      ),
    );
  });
  // No stylesheet and no script arrives: the header bar is drawn all the same.
  await page.route(/\.(css|js)(\?|$)/, (route) => route.abort());
  await page.goto('/login');
  await expect(page.locator('.boot-header')).toHaveCSS('background-color', 'rgb(11, 79, 156)');
  await expect(page.getByRole('status')).toHaveText('Loading…');
  // A linked stylesheet would hold the first frame until it arrived; the HTML links none.
  await expect(page.locator('link[rel="stylesheet"]')).toHaveCount(0);
  const inline = await page.evaluate(() =>
    Array.from(document.querySelectorAll('style'), (style) => style.sheet?.cssRules.length ?? 0),
  );
  expect(inline.length).toBeGreaterThan(0);
  expect(inline.every((rules) => rules > 0)).toBe(true);
  expect(violations).toEqual([]);
});

test('the app replaces the placeholder with a header of the same place and size', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  await expect(page.locator('.boot-header')).toHaveCount(0);
  await expect(page.getByText('Loading…')).toHaveCount(0);
  expect(await headerBox(page, 'header')).toMatchObject({ x: 0, y: 0, height: 70 });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the header bar shows, but nothing pretends to be loading (<noscript> explains instead)', async ({
    page,
  }) => {
    await page.goto('/login');
    await expect(page.locator('.boot-header')).toBeVisible();
    const loading = page.locator('.boot-status');
    await expect(loading).toHaveCount(1);
    await expect(loading).toBeHidden();
  });
});
