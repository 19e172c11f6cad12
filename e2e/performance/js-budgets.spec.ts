import { expect, test } from '@playwright/test';
import { origins } from '../support/demo';
import {
  KB,
  measureColdVisit,
  measureLayoutShifts,
  measureRepeatVisit,
  ROUTES,
  SHIFT_VIEWPORTS,
  type LayoutShift,
} from '../../scripts/perf/route-budgets.ts';

/**
 * The JavaScript each route transfers on a cold cache (gzip bytes, deterministic for a
 * build) stays within its budget: the route's target where it meets it, else the ceiling
 * measured when the last size lever landed (see ROUTES). `npm run bench` prints the same figures.
 * No timing is asserted here. Nothing on each route's first screen moves once shown: no layout
 * shift at all, on a phone or a desktop (docs/decisions/038-rep-screens-load.md).
 */
test.describe.configure({ mode: 'parallel' });

/** What moved, for the failure message: each shift with the elements it moved. */
const totalShift = (shifts: readonly LayoutShift[]) => shifts.reduce((sum, shift) => sum + shift.value, 0);
const shiftsMessage = (shifts: readonly LayoutShift[]) =>
  `layout shifts:\n${JSON.stringify(shifts, null, 2)}`;

// One cold visit per route gives its bytes and its desktop layout shifts (the visit's viewport is
// SHIFT_VIEWPORTS.desktop); a second, at phone size, its phone layout shifts.
for (const scenario of ROUTES) {
  test(`${scenario.label} transfers at most ${scenario.budgetKb} KB of JavaScript on a cold cache, and nothing on its first screen moves once shown (desktop)`, async ({
    browser,
  }) => {
    const figures = await measureColdVisit(browser, origins.shell, scenario, { layoutShifts: true });
    const scripts = figures.files
      .filter((file) => file.script)
      .sort((a, b) => b.bytes - a.bytes)
      .map((file) => `${(file.bytes / KB).toFixed(1).padStart(6)} KB ${file.url}`)
      .join('\n');
    expect(figures.jsRequests, 'the route loaded JavaScript').toBeGreaterThan(0);
    expect(
      figures.jsBytes / KB,
      `${scenario.label}: ${(figures.jsBytes / KB).toFixed(1)} KB in ${figures.jsRequests} files\n${scripts}`,
    ).toBeLessThanOrEqual(scenario.budgetKb);
    expect(totalShift(figures.layoutShifts), shiftsMessage(figures.layoutShifts)).toBe(0);
  });

  test(`${scenario.label}: nothing on the first screen moves once shown (phone)`, async ({ browser }) => {
    const shifts = await measureLayoutShifts(browser, origins.shell, scenario, SHIFT_VIEWPORTS.phone);
    expect(totalShift(shifts), shiftsMessage(shifts)).toBe(0);
  });
}

test('a repeat visit takes no JavaScript from the network: the service worker serves it all', async ({
  browser,
}) => {
  const dashboard = ROUTES.find((route) => route.id === 'customer-dashboard')!;
  const figures = await measureRepeatVisit(browser, origins.shell, dashboard);
  const fromNetwork = figures.files.filter((file) => file.script && file.bytes > 0);
  expect(fromNetwork, 'scripts taken from the network on the second visit').toEqual([]);
});
