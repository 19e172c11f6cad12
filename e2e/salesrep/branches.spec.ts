import { expect, test } from '@playwright/test';
import { demo, origins, signInWithApi } from '../support/demo';
import {
  branchesAsRep,
  expectNoSeriousAxeViolations,
  REP_PROMOTIONS,
  searchAsRep,
  signInAsFreshRep,
} from '../support/salesrep';

test('rep@demo.test is sent to Select Branches first, and the chosen branches lead to a dashboard whose counts match the server and survive a reload', async ({
  page,
}) => {
  await signInWithApi(page, demo.rep);
  await page.goto('/salesrep');
  await expect(page).toHaveURL(`${origins.shell}/salesrep/select-branches`);
  await expect(page.getByRole('heading', { name: 'Select Branches', level: 1 })).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  const regions = page.getByRole('group', { name: 'Regions' });
  const branchList = page.getByRole('group', { name: 'Branches' });
  await regions.getByRole('checkbox', { name: /^Auckland/ }).check();
  await regions.getByRole('checkbox', { name: /^Waikato/ }).check();
  // One Waikato branch off again, found by its code.
  const all = await branchesAsRep(page);
  const waikato = all.filter((branch) => branch.region === 'Waikato');
  const dropped = waikato[0]!;
  await branchList.getByRole('searchbox', { name: 'Search branch name or code' }).fill(dropped.branch);
  await branchList
    .getByRole('checkbox', { name: `${dropped.branchName} ${dropped.branch}`, exact: true })
    .uncheck();
  await branchList.getByRole('searchbox', { name: 'Search branch name or code' }).fill('');
  const expectedIds = all
    .filter((branch) => branch.region === 'Auckland' || branch.region === 'Waikato')
    .filter((branch) => branch.branchID !== dropped.branchID)
    .map((branch) => branch.branchID);
  await expect(page.getByText(`${expectedIds.length} branches selected`)).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  await page.getByRole('button', { name: 'Go to Dashboard' }).click();
  await expect(page).toHaveURL(`${origins.shell}/salesrep`);
  await expect(page.getByRole('heading', { name: 'Current Promotions' })).toBeVisible();

  for (const id of Object.values(REP_PROMOTIONS)) {
    const [joined, targeted] = await Promise.all([
      searchAsRep(page, { totalOnly: true, filters: { enrolledIn: id, branchID: expectedIds } }),
      searchAsRep(page, { totalOnly: true, filters: { hasTargetsFor: id, branchID: expectedIds } }),
    ]);
    expect(targeted.total).toBeGreaterThan(0);
    const count = `${joined.total.toLocaleString('en-NZ')} / ${targeted.total.toLocaleString('en-NZ')}`;
    await expect(page.getByRole('article').filter({ hasText: count })).toHaveCount(1);
  }
  await expectNoSeriousAxeViolations(page);

  await page.reload();
  await expect(page).toHaveURL(`${origins.shell}/salesrep`);
  await expect(
    page.getByText(`Customers at ${expectedIds.length} branches in Auckland, Waikato`),
  ).toBeVisible();
});

test('My Branches removes a branch, and the removal survives a reload', async ({ page }) => {
  const { selection } = await signInAsFreshRep(page, { withSelection: true });
  const all = await branchesAsRep(page);
  const selected = all.filter((branch) => selection!.selectedBranchIds.includes(branch.branchID));
  await page.goto('/salesrep/my-branches');
  await expect(page.getByRole('heading', { name: `${selected.length} selected branches` })).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  const removed = selected[0]!;
  await page.getByRole('button', { name: `Remove ${removed.branchName}`, exact: true }).click();
  await expect(page.getByRole('heading', { name: `${selected.length - 1} selected branches` })).toBeVisible();
  await expect(page.getByRole('button', { name: `Remove ${removed.branchName}`, exact: true })).toHaveCount(
    0,
  );

  await page.reload();
  await expect(page.getByRole('heading', { name: `${selected.length - 1} selected branches` })).toBeVisible();
  await expect(page.getByText(removed.branchName, { exact: true })).toHaveCount(0);

  await page.getByRole('link', { name: 'Go to Division/Region/Branches' }).click();
  await expect(page).toHaveURL(`${origins.shell}/salesrep/select-branches`);
  await expect(
    page
      .getByRole('group', { name: 'Branches' })
      .getByRole('checkbox', { name: `${removed.branchName} ${removed.branch}`, exact: true }),
  ).not.toBeChecked();
});

test('Rep My Account shows the signed-in email', async ({ page }) => {
  const { email } = await signInAsFreshRep(page);
  await page.goto('/salesrep/my-account');
  await expect(page.getByRole('heading', { name: 'My Account', level: 1 })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});

test('a rep limited to two regions is offered only those, and only their customers', async ({ page }) => {
  await signInWithApi(page, 'rep.north@demo.test');
  await page.goto('/salesrep/select-branches');
  const regions = page.getByRole('group', { name: 'Regions' });
  await expect(regions.getByRole('checkbox')).toHaveCount(3);
  await expect(regions.getByRole('checkbox', { name: /^Auckland \d+ branches$/ })).toBeVisible();
  await expect(regions.getByRole('checkbox', { name: /^Northland \d+ branches$/ })).toBeVisible();
  // The server keeps every search to the rep's regions.
  const page1 = await searchAsRep(page, { limit: 100, sort: [{ key: 'name', direction: 'asc' }] });
  expect(page1.total).toBeGreaterThan(100);
  expect(new Set(page1.items.map((item) => item.primaryRegion))).toEqual(new Set(['Auckland', 'Northland']));
});
