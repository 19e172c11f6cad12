import { expect, test } from '@playwright/test';
import { origins } from '../support/demo';

const HOSTILE = [
  '<p id="hostile-marker">Hostile payload follows.</p>',
  `<img id="hostile-img" src="/does-not-exist.png" onerror="window.__xss = 'img'">`,
  `<script>window.__xss = 'script'</script>`,
  `<svg onload="window.__xss = 'svg'"><circle r="5"></circle></svg>`,
  `<math><mtext><table><mglyph><style><img src=x onerror="window.__xss = 'math'"></style></mglyph></table></mtext></math>`,
  `<a id="hostile-js" href="javascript:window.__xss = 'link'">Click me</a>`,
  '<a id="hostile-out" href="https://evil.example/" target="_top">Elsewhere</a>',
  '<form action="https://evil.example/collect"><input name="password" aria-label="Password"></form>',
].join('');

test("the privacy policy renders the server's HTML with a hostile payload neutralised", async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  // The server's real block, with a hostile payload appended on its way to the page.
  await page.route('**/api/v1/block/get**', async (route) => {
    const response = await route.fetch();
    const blocks = (await response.json()) as { id: string; props: { rawHtml: string } }[];
    expect(blocks[0]?.id).toBe('privacy-policy-html');
    if (blocks[0]) blocks[0].props.rawHtml += HOSTILE;
    await route.fulfill({ response, json: blocks });
  });
  await page.goto('/privacy-policy');
  const policy = page.locator('article');
  await expect(policy.getByRole('heading', { name: 'Privacy Policy' })).toBeVisible();
  await expect(policy.getByRole('heading', { name: 'What we collect' })).toBeVisible();
  await expect(page.locator('#hostile-marker')).toHaveText('Hostile payload follows.');

  await expect(page.locator('#hostile-img')).toHaveCount(1);
  expect(await page.locator('#hostile-img').getAttribute('onerror')).toBeNull();
  await expect(policy.locator('script, svg, math, style, form, input, [onerror], [onload]')).toHaveCount(0);
  expect(await page.locator('#hostile-js').getAttribute('href')).toBeNull();
  await page.locator('#hostile-js').click();
  await expect(page.locator('#hostile-out')).toHaveAttribute('target', '_blank');
  await expect(page.locator('#hostile-out')).toHaveAttribute('rel', 'noopener noreferrer');
  const commissioner = policy.getByRole('link', { name: 'www.privacy.org.nz' });
  await expect(commissioner).toHaveAttribute('target', '_blank');
  await expect(commissioner).toHaveAttribute('rel', 'noopener noreferrer');

  // The broken image has had its chance to fire onerror: nothing ran.
  await expect
    .poll(() => page.locator('#hostile-img').evaluate((image: HTMLImageElement) => image.complete))
    .toBe(true);
  expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();
  expect(dialogs).toEqual([]);
  await expect(page).toHaveURL(`${origins.shell}/privacy-policy`);
});

test('About shows its two images and Join Now goes to /join-now', async ({ page }) => {
  await page.goto('/about-us');
  const images = page.locator('main img');
  await expect(images).toHaveCount(2);
  for (const image of await images.all()) {
    await expect
      .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
      .toBeGreaterThan(0);
  }
  await page.getByRole('link', { name: 'Join Now' }).click();
  await expect(page).toHaveURL(`${origins.shell}/join-now`);
});

test('Terms and conditions show the meat-pack promotion terms', async ({ page }) => {
  await page.goto('/terms-and-conditions');
  await expect(page.getByRole('heading', { name: /Meat Pack Spend Promotion/ })).toBeVisible();
  await expect(page.getByText(/6 November 2023 to 8 December 2023/)).toBeVisible();
  await expect(page.getByText(/valid for 12 months/)).toBeVisible();
});
