import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { demo, origins, remoteFiles, signInWithApi } from '../support/demo';
import {
  changedCustomerBuild,
  deployCli,
  deployCustomer,
  deployEnvironment,
  testEnvironment,
  useRegistry,
} from '../support/remote-builds';

const repo = fileURLToPath(new URL('../..', import.meta.url));

test.describe('deploying a remote on its own', () => {
  test('a new customer version reaches the customer after a reload, rollback restores the old one, the shell is untouched', async ({
    page,
  }) => {
    const env = testEnvironment('deploy-rollback');
    deployEnvironment(env);
    const shellBefore = readFileSync(join(repo, 'shell/dist/index.html'), 'utf8');

    await useRegistry(page, env);
    await signInWithApi(page, demo.customer);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Active Promotions', exact: true })).toBeVisible();

    const output = deployCustomer(env, changedCustomerBuild('v2'), `2.0.0-${env}`);
    expect(output).toContain(`customer 2.0.0-${env} deployed`);

    const loaded: string[] = [];
    page.on('request', (request) => loaded.push(request.url()));
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Active Promotions v2' })).toBeVisible();
    expect(loaded.some((url) => url.startsWith(`${remoteFiles('customer')}2.0.0-${env}/`))).toBe(true);

    expect(deployCli(['customer', '--env', env, '--origin', origins.cdn, '--rollback'])).toContain(
      'rolled back',
    );
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Active Promotions', exact: true })).toBeVisible();
    expect(readFileSync(join(repo, 'shell/dist/index.html'), 'utf8')).toBe(shellBefore);
  });

  test('a broken customer deployment leaves the other audiences working', async ({ page, browser }) => {
    const env = testEnvironment('deploy-broken');
    // The customer remote's first version is the broken one: there is no earlier good version to
    // fall back to (release-safety.spec.ts covers the fallback).
    for (const remote of ['public', 'salesrep']) {
      deployCli([remote, '--env', env, '--origin', origins.cdn]);
    }
    const broken = changedCustomerBuild('broken');
    rmSync(join(broken, 'remoteEntry.js'));
    deployCustomer(env, broken, `9.9.9-${env}`);

    await useRegistry(page, env);
    await signInWithApi(page, demo.customer);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'This section could not be loaded' })).toBeVisible();

    const repContext = await browser.newContext();
    const repPage = await repContext.newPage();
    await useRegistry(repPage, env);
    await signInWithApi(repPage, demo.rep);
    await repPage.goto('/salesrep');
    await expect(repPage).toHaveURL(/\/salesrep/);
    await expect(repPage.getByRole('heading', { name: 'This section could not be loaded' })).toHaveCount(0);
    await expect(repPage.getByRole('heading', { name: 'Select Branches', level: 1 })).toBeVisible();

    const visitor = await browser.newPage();
    await useRegistry(visitor, env);
    await visitor.goto('/login');
    await expect(visitor.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
    await repContext.close();
    await visitor.close();
  });
});
