import { expect, test } from '@playwright/test';
import { origins } from '../support/demo';
import {
  KB,
  measureColdVisit,
  measureLayoutShifts,
  measureRepeatVisit,
  ROUTES,
  SHIFT_VIEWPORTS,
} from '../../scripts/perf/route-budgets.ts';

/**
 * The JavaScript each route transfers on a cold cache (gzip bytes, deterministic for a
 * build) stays within its budget: the route's target where it meets it, else the ceiling
 * measured when the last size lever landed (see ROUTES). `npm run bench` prints the same figures.
 * No timing is asserted here. Nothing on each route's first screen moves once shown: no layout
 * shift at all, on a phone or a desktop (docs/decisions/038-rep-screens-load.md).
 */
test.describe.configure({ mode: 'parallel' });

for (const scenario of ROUTES) {
  test(`${scenario.label} transfers at most ${scenario.budgetKb} KB of JavaScript on a cold cache`, async ({
    browser,
  }) => {
    const figures = await measureColdVisit(browser, origins.shell, scenario);
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
  });
}

for (const scenario of ROUTES) {
  for (const [screen, viewport] of Object.entries(SHIFT_VIEWPORTS)) {
    test(`${scenario.label}: nothing on the first screen moves once shown (${screen})`, async ({
      browser,
    }) => {
      const shifts = await measureLayoutShifts(browser, origins.shell, scenario, viewport);
      const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
      expect(total, `layout shifts:\n${JSON.stringify(shifts, null, 2)}`).toBe(0);
    });
  }
}

test('a repeat visit takes no JavaScript from the network: the service worker serves it all', async ({
  browser,
}) => {
  const dashboard = ROUTES.find((route) => route.id === 'customer-dashboard')!;
  const figures = await measureRepeatVisit(browser, origins.shell, dashboard);
  const fromNetwork = figures.files.filter((file) => file.script && file.bytes > 0);
  expect(fromNetwork, 'scripts taken from the network on the second visit').toEqual([]);
});
