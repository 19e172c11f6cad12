import { expect, test } from '@playwright/test';
import { PROMOTIONS } from '../support/customer';
import { demo, remoteFiles, signInWithApi, signInWithForm } from '../support/demo';
import {
  changedCustomerBuild,
  deployCli,
  deployCustomer,
  deployEnvironment,
  deployThrowingCustomer,
  shellHostOf,
  testEnvironment,
  useRegistry,
} from '../support/remote-builds';

test.describe('release safety', () => {
  test('a customer release whose pages throw: a customer who signs in gets the dashboard and tracking of the previous version, quietly', async ({
    page,
  }) => {
    const env = testEnvironment('release-fallback');
    const { good, broken } = deployThrowingCustomer(env);
    const loaded: string[] = [];
    page.on('request', (request) => loaded.push(request.url()));

    await useRegistry(page, env);
    await signInWithForm(page, demo.customer);
    await expect(page.getByRole('heading', { name: 'Active Promotions', exact: true })).toBeVisible();
    await expect(page.getByText('Showing the previous version of this section')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'This section could not be loaded' })).toHaveCount(0);

    await page
      .getByRole('region', { name: 'Active Promotions' })
      .getByRole('link', { name: 'Track Promo' })
      .click();
    await expect(page).toHaveURL(new RegExp(`/promotions/${PROMOTIONS.multiTarget}$`));
    await expect(page.getByText('Promo Days Remaining')).toBeVisible();
    await expect(page.getByText('Showing the previous version of this section')).toBeVisible();

    // The broken version was tried, and the page's code came from the previous one.
    expect(loaded.some((url) => url.startsWith(`${remoteFiles('customer')}${broken}/`))).toBe(true);
    expect(loaded.some((url) => url.startsWith(`${remoteFiles('customer')}${good}/static/js/async/`))).toBe(
      true,
    );
  });

  test('a staged version: previewed in one browser while another stays on the current one; percent, abort; crafted previews refused', async ({
    page,
    browser,
  }) => {
    const env = testEnvironment('release-preview');
    deployEnvironment(env);
    const staged = `2.0.0-${env}`;
    const output = deployCustomer(env, changedCustomerBuild('staged'), staged, '--stage');
    const printed = /Preview it: (\S+)/.exec(output)?.[1];
    expect(printed).toBe(`https://${shellHostOf(env)}/?preview=customer@${staged}`);
    // The same link on this run's shell, which is shown the environment's registry (useRegistry).
    const link = `/${new URL(printed!).search}`;

    await useRegistry(page, env);
    await signInWithApi(page, demo.customer);
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Active Promotions staged' })).toBeVisible();
    const bar = page.getByRole('region', { name: 'Preview', exact: true });
    await expect(bar).toHaveText(`Preview: customer ${staged} · Exit preview`);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Active Promotions staged' })).toBeVisible();

    const otherContext = await browser.newContext();
    const other = await otherContext.newPage();
    await useRegistry(other, env);
    await signInWithApi(other, demo.customer);
    await other.goto('/');
    await expect(other.getByRole('heading', { name: 'Active Promotions', exact: true })).toBeVisible();
    await expect(other.getByRole('region', { name: 'Preview', exact: true })).toHaveCount(0);

    // The whole share of devices, then none: the other browser follows the registry on its next load.
    expect(deployCli(['customer', '--env', env, '--percent', '100'])).toContain('served to 100 % of devices');
    await other.reload();
    await expect(other.getByRole('heading', { name: 'Active Promotions staged' })).toBeVisible();
    expect(deployCli(['customer', '--env', env, '--abort'])).toContain('is no longer staged');
    await other.reload();
    await expect(other.getByRole('heading', { name: 'Active Promotions', exact: true })).toBeVisible();
    await otherContext.close();

    // The version is no longer staged: the preview ends with a reason, on the current version.
    await page.reload();
    await expect(page.getByRole('alert').filter({ hasText: 'Preview refused' })).toContainText(
      `customer ${staged} is not deployed in this environment.`,
    );
    await expect(page.getByRole('heading', { name: 'Active Promotions', exact: true })).toBeVisible();

    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await page.goto(`/?preview=${encodeURIComponent('http://evil.test/customer/mf-manifest.json')}`);
    await expect(page.getByRole('alert').filter({ hasText: 'Preview refused' })).toContainText(
      'A preview link names a section and one of its versions, such as customer@1.4.2.',
    );
    await expect(page.getByRole('heading', { name: 'Active Promotions', exact: true })).toBeVisible();
    await page.goto('/?preview=customer@7.7.7');
    await expect(page.getByRole('alert').filter({ hasText: 'Preview refused' })).toContainText(
      'customer 7.7.7 is not deployed in this environment.',
    );
    expect(
      requested.filter((url) => new URL(url).hostname === 'evil.test' || url.includes('/customer/7.7.7/')),
    ).toEqual([]);
  });

  test('Exit preview goes back to the current version', async ({ page }) => {
    const env = testEnvironment('release-exit');
    deployEnvironment(env);
    const staged = `2.0.0-${env}`;
    deployCustomer(env, changedCustomerBuild('staged'), staged, '--stage');
    await useRegistry(page, env);
    await signInWithApi(page, demo.customer);
    await page.goto(`/?preview=customer@${staged}`);
    await expect(page.getByRole('heading', { name: 'Active Promotions staged' })).toBeVisible();
    await page.getByRole('button', { name: 'Exit preview' }).click();
    await expect(page.getByRole('heading', { name: 'Active Promotions', exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Preview', exact: true })).toHaveCount(0);
    expect(new URL(page.url()).search).toBe('');
  });
});
