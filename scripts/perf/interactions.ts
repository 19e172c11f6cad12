/**
 * Interaction latency on the rep's and the customer's screens (docs/decisions/039-interaction-latency.md):
 * each interaction done ten times in Chromium with its CPU slowed 4x (CDP
 * Emulation.setCPUThrottlingRate), timed with the Event Timing API, and reported as the p75 of its
 * repetitions. Shared by `npm run bench:interactions` (scripts/perf/bench-interactions.ts) and
 * `npm run bench` (scripts/perf/bench.ts), so a regression shows in the benchmark's JSON.
 *
 * An interaction's latency is what INP counts for it: the longest `event` entry carrying its
 * interactionId (pointerdown, pointerup and click for a click; keydown, keyup for a key), from the
 * input to the next paint after its handlers. INP itself is the page's worst, so one slow
 * interaction would hide every other; each repetition here reads only the entries of its own
 * interactions. Entries under 16 ms are not reported by the browser (the API's least threshold):
 * such an interaction counts as 0 ms, shown as "<16".
 */
import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import type { ConfigurationEntry } from '@promo/domain/types';
import { SAVED_SELECTION_KEY } from '@promo/domain/rep/saved-selection.rules';
import { p75 } from '@promo/domain/web-vitals/p75';
import { DEMO_PROMOTION_IDS } from '@promo/server/demo-logins';

/** The CPU slowdown of Lighthouse's mobile preset, the figure the targets are set for. */
export const CPU_SLOWDOWN = 4;
export const TARGET_MS = 200;
export const STRETCH_MS = 100;
export const DEFAULT_REPETITIONS = 10;

export type InteractionId =
  | 'sort-customers'
  | 'next-page'
  | 'type-search'
  | 'choose-band'
  | 'clear-band'
  | 'sort-rollup'
  | 'open-customer'
  | 'choose-reward'
  | 'update-selection'
  | 'first-chart-tap'
  | 'plan-slider'
  | 'plan-type';

export const INTERACTIONS: readonly { id: InteractionId; label: string }[] = [
  { id: 'sort-customers', label: 'rep: sort the customer table' },
  { id: 'next-page', label: 'rep: next page' },
  { id: 'type-search', label: 'rep: type a search (worst key)' },
  { id: 'choose-band', label: 'rep: choose a pace band' },
  { id: 'clear-band', label: 'rep: clear the pace band' },
  { id: 'sort-rollup', label: 'rep: sort the roll-up (all branches)' },
  { id: 'open-customer', label: 'rep: open a customer' },
  { id: 'choose-reward', label: 'customer: choose a reward' },
  { id: 'update-selection', label: 'customer: press Update Selection' },
  { id: 'first-chart-tap', label: 'customer: first tap on the spend chart' },
  { id: 'plan-slider', label: 'customer: spend plan, slider key' },
  { id: 'plan-type', label: 'customer: spend plan, type (worst key)' },
];

/** The longest entry of an interaction, split as Chrome's performance panel splits it. */
interface InteractionSample {
  durationMs: number;
  event: string;
  inputDelayMs: number;
  processingMs: number;
  presentationDelayMs: number;
}

export interface InteractionFigures {
  id: InteractionId;
  label: string;
  repetitions: number;
  p75Ms: number;
  maxMs: number;
  /** Each repetition's latency, in order (0: under the 16 ms reporting threshold). */
  samplesMs: number[];
  /** The breakdown of the p75 repetition's longest entry. */
  p75Breakdown?: InteractionSample;
  meetsTarget: boolean;
  meetsStretch: boolean;
}

/** The demo promotion with several targets: rewards to choose per target, and the rep's table. */
const PROMOTION = DEMO_PROMOTION_IDS.multiTarget;

declare global {
  interface Window {
    __interactionLatency?: {
      mark: () => number;
      collect: (since: number, frames: number) => Promise<InteractionSample[]>;
    };
  }
}

/**
 * Installed before any page script: keeps every `event` entry with an interactionId, and collects
 * those since a mark once the browser has reported them: when every interaction counted since the
 * mark (performance.interactionCount) has an entry, or after `frames` further frames (an interaction
 * under the threshold never has one).
 */
function installObserver(): void {
  type EventEntry = PerformanceEventTiming & { interactionId: number };
  const entries: EventEntry[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as EventEntry[]) if (entry.interactionId > 0) entries.push(entry);
  });
  observer.observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  const count = () => (performance as Performance & { interactionCount?: number }).interactionCount;
  let countAtMark: number | undefined;
  const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
  window.__interactionLatency = {
    mark: () => {
      countAtMark = count();
      return performance.now();
    },
    collect: async (since, frames) => {
      const newer = () => {
        for (const entry of observer.takeRecords() as EventEntry[])
          if (entry.interactionId > 0) entries.push(entry);
        return entries.filter((entry) => entry.startTime >= since);
      };
      for (let waited = 0; waited < frames; waited++) {
        const expected = countAtMark === undefined ? undefined : (count() ?? 0) - countAtMark;
        const seen = new Set(newer().map((entry) => entry.interactionId)).size;
        if (expected !== undefined && expected > 0 && seen >= expected) break;
        await frame();
      }
      const longest = new Map<number, EventEntry>();
      for (const entry of newer()) {
        const current = longest.get(entry.interactionId);
        if (!current || entry.duration > current.duration) longest.set(entry.interactionId, entry);
      }
      return [...longest.values()].map((entry) => ({
        durationMs: entry.duration,
        event: entry.name,
        inputDelayMs: Math.round(entry.processingStart - entry.startTime),
        processingMs: Math.round(entry.processingEnd - entry.processingStart),
        presentationDelayMs: Math.max(0, Math.round(entry.startTime + entry.duration - entry.processingEnd)),
      }));
    },
  };
}

/** Frames to wait for an interaction's entries once its result is on screen (about half a second). */
const REPORT_FRAMES = 30;

/**
 * Does `act` (the interactions) and `settled` (waits until their outcome shows), and returns the
 * worst of the interactions' samples: one repetition's latency.
 */
async function timed(
  page: Page,
  act: () => Promise<unknown>,
  settled: () => Promise<unknown>,
): Promise<InteractionSample> {
  const since = await page.evaluate(() => window.__interactionLatency!.mark());
  await act();
  await settled();
  const samples = await page.evaluate(
    ([from, frames]) => window.__interactionLatency!.collect(from, frames),
    [since, REPORT_FRAMES] as const,
  );
  const worst = samples.toSorted((a, b) => b.durationMs - a.durationMs)[0];
  return (
    worst ?? {
      durationMs: 0,
      event: 'none reported',
      inputDelayMs: 0,
      processingMs: 0,
      presentationDelayMs: 0,
    }
  );
}

/** A page in a fresh context with the observer installed and the CPU slowed. */
async function throttledPage(
  browser: Browser,
  baseURL: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  // tsx compiles this file keeping function names, through a helper (__name) the page lacks.
  await context.addInitScript({ content: 'globalThis.__name ??= (target) => target;' });
  await context.addInitScript(installObserver);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return { context, page };
}

async function post<T>(context: BrowserContext, path: string, data: unknown): Promise<T> {
  const response = await context.request.post(path, { data });
  if (!response.ok()) throw new Error(`POST ${path}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A fresh rep, signed in, with the fixture's selection (Auckland and Waikato) or every branch. */
async function signInRep(context: BrowserContext, page: Page, everyBranch: boolean): Promise<void> {
  const rep = await post<{
    email: string;
    password: string;
    selection: { selectedRegions: string[]; selectedBranchIds: string[] };
  }>(context, '/api/v1/dev/fixtures/rep', { withSelection: true });
  await post(context, '/api/v1/session/login', { email: rep.email, password: rep.password });
  let selection = rep.selection;
  if (everyBranch) {
    const response = await context.request.get('/api/v1/configuration/get?ids=branch.details');
    const branches = ((await response.json()) as ConfigurationEntry<'branch.details'>[])[0]?.value ?? [];
    selection = {
      selectedRegions: [...new Set(branches.map((branch) => branch.region))],
      selectedBranchIds: branches.map((branch) => branch.branchID),
    };
  }
  // The selection lives in the origin's local storage: written from a page of the origin.
  await page.goto('/salesrep/my-account');
  await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [
    SAVED_SELECTION_KEY,
    JSON.stringify({ ...selection, promotionFilters: {} }),
  ] as const);
}

type Samples = Partial<Record<InteractionId, InteractionSample[]>>;

const add = (samples: Samples, id: InteractionId, sample: InteractionSample) =>
  (samples[id] ??= []).push(sample);

/**
 * Times `repetitions` clicks on the sort button of the column headed `column`: the first sorts
 * descending, then each turns the direction. Each lasts until the header shows the new direction
 * and `settled` resolves (the table's rows redrawn, where that comes later).
 */
async function timeSorting(
  page: Page,
  samples: Samples,
  id: InteractionId,
  column: string,
  repetitions: number,
  settled: () => Promise<void> = () => Promise.resolve(),
): Promise<void> {
  const header = page.getByRole('columnheader', { name: column });
  for (let rep = 0; rep < repetitions; rep++) {
    const direction = rep % 2 === 0 ? 'descending' : 'ascending';
    add(
      samples,
      id,
      await timed(
        page,
        () => header.getByRole('button').click(),
        async () => {
          await page.locator(`th[aria-sort="${direction}"]`).getByText(column).waitFor();
          await settled();
        },
      ),
    );
  }
}

/**
 * The customer table shows the answer for the address: its rows' links (which carry the table's
 * parameters) match the address, and no row is left from the request before (aria-busy, "Updating…").
 */
async function tableSettled(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const table = document.querySelector('[role="region"][aria-label="Customers"] table');
      if (!table || table.getAttribute('aria-busy') !== 'false') return false;
      const statuses = [...document.querySelectorAll('[role="status"]')];
      if (statuses.some((status) => status.textContent?.includes('Updating…'))) return false;
      const address = new URLSearchParams(window.location.search);
      const links = [...table.querySelectorAll<HTMLAnchorElement>('th a')];
      return (
        links.length > 0 &&
        links.every((link) => {
          const shown = new URL(link.href).searchParams;
          shown.delete('customer');
          return shown.toString() === address.toString();
        })
      );
      // Every 50 ms rather than every frame: the check is page work the interactions' frames should not carry.
    },
    undefined,
    { polling: 50 },
  );
}

type TableScenario = (page: Page, table: Locator, repetitions: number, samples: Samples) => Promise<void>;

/** Next, page after page. */
const timeNextPage: TableScenario = async (page, _table, repetitions, samples) => {
  const next = page.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: 'Next' });
  for (let rep = 0; rep < repetitions; rep++) {
    add(
      samples,
      'next-page',
      await timed(
        page,
        () => next.click(),
        async () => {
          await page.getByText(new RegExp(`^Page ${rep + 2} of `)).waitFor();
          await tableSettled(page);
        },
      ),
    );
  }
};

/** Typing a search as a person does, from an empty box each time. */
const timeTypeSearch: TableScenario = async (page, table, repetitions, samples) => {
  const box = page.getByRole('searchbox', { name: 'Search Global ID, Name or Customer ID' });
  const names = await table.getByRole('rowheader').getByRole('link').allTextContents();
  for (let rep = 0; rep < repetitions; rep++) {
    const fragment = names[rep % names.length]!.slice(0, 8).trim();
    await box.fill('');
    await box.press('Enter');
    await page.waitForURL((url) => !url.searchParams.has('q'));
    await tableSettled(page);
    // A person's typing, a key every 80 ms: a few letters, a pause that sends their search, and
    // the rest of the word while that search's results arrive and show.
    const head = fragment.slice(0, 3);
    add(
      samples,
      'type-search',
      await timed(
        page,
        async () => {
          await box.pressSequentially(head, { delay: 80 });
          await page.waitForURL((url) => url.searchParams.get('q') === head);
          await box.pressSequentially(fragment.slice(3), { delay: 80 });
        },
        async () => {
          await page.waitForURL((url) => url.searchParams.get('q') === fragment);
          await tableSettled(page);
        },
      ),
    );
  }
  await box.fill('');
  await box.press('Enter');
  await page.waitForURL((url) => !url.searchParams.has('q'));
  await tableSettled(page);
};

/** The Behind band chosen, then cleared. */
const timeBandFilter: TableScenario = async (page, _table, repetitions, samples) => {
  const band = page
    .getByRole('group', { name: 'Pace band filter' })
    .getByRole('button', { name: /^Behind / });
  const bandsSettled = async (pressed: boolean) => {
    await band.and(page.locator(`[aria-pressed="${pressed}"]`)).waitFor();
    await page.locator('section[aria-busy="false"]').filter({ has: band }).waitFor();
    await tableSettled(page);
  };
  for (let rep = 0; rep < repetitions; rep++) {
    add(
      samples,
      'choose-band',
      await timed(
        page,
        () => band.click(),
        () => bandsSettled(true),
      ),
    );
    add(
      samples,
      'clear-band',
      await timed(
        page,
        () => band.click(),
        () => bandsSettled(false),
      ),
    );
  }
};

/** A customer opened from the table, then Back. */
const timeOpenCustomer: TableScenario = async (page, table, repetitions, samples) => {
  await page.goto(`/salesrep/promotions/${PROMOTION}`);
  await tableSettled(page);
  for (let rep = 0; rep < repetitions; rep++) {
    const link = table
      .getByRole('rowheader')
      .getByRole('link')
      .nth(rep % 10);
    const name = (await link.textContent()) ?? '';
    add(
      samples,
      'open-customer',
      await timed(
        page,
        () => link.click(),
        () => page.getByRole('heading', { name, level: 2 }).waitFor(),
      ),
    );
    await page.getByRole('button', { name: 'Back' }).click();
    await tableSettled(page);
  }
};

async function repCustomerTable(
  browser: Browser,
  baseURL: string,
  repetitions: number,
  wanted: Set<InteractionId>,
  samples: Samples,
): Promise<void> {
  const { context, page } = await throttledPage(browser, baseURL);
  try {
    await signInRep(context, page, false);
    await page.goto(`/salesrep/promotions/${PROMOTION}`);
    await tableSettled(page);
    const table = page.getByRole('region', { name: 'Customers' }).getByRole('table');

    if (wanted.has('sort-customers')) {
      await timeSorting(page, samples, 'sort-customers', 'Total Spend', repetitions, () =>
        tableSettled(page),
      );
    }

    if (wanted.has('next-page')) await timeNextPage(page, table, repetitions, samples);
    if (wanted.has('type-search')) await timeTypeSearch(page, table, repetitions, samples);
    if (wanted.has('choose-band') || wanted.has('clear-band'))
      await timeBandFilter(page, table, repetitions, samples);
    if (wanted.has('open-customer')) await timeOpenCustomer(page, table, repetitions, samples);
  } finally {
    await context.close();
  }
}

async function repRollup(browser: Browser, baseURL: string, repetitions: number, samples: Samples) {
  const { context, page } = await throttledPage(browser, baseURL);
  try {
    await signInRep(context, page, true);
    await page.goto(`/salesrep/promotions/${PROMOTION}?view=branches`);
    const table = page.getByRole('region', { name: 'Branches' }).getByRole('table');
    await table.and(page.locator('[aria-busy="false"]')).waitFor();
    const rows = await table.getByRole('row').count();
    if (rows < 2) throw new Error('The roll-up shows no branches.');
    await timeSorting(page, samples, 'sort-rollup', 'Customers', repetitions);
  } finally {
    await context.close();
  }
}

async function customerReward(
  browser: Browser,
  baseURL: string,
  repetitions: number,
  wanted: Set<InteractionId>,
  samples: Samples,
) {
  const { context, page } = await throttledPage(browser, baseURL);
  try {
    const customer = await post<{ email: string; password: string }>(
      context,
      '/api/v1/dev/fixtures/customer',
      {
        scenario: 'confirmed',
      },
    );
    await post(context, '/api/v1/session/login', { email: customer.email, password: customer.password });
    await page.goto(`/promotions/${PROMOTION}`);
    const panel = page.getByRole('region', { name: 'Update your Reward' });
    const prizes = ['Coffee Lovers Hamper', 'BBQ Hamper'];
    await panel.getByRole('radio', { name: prizes[1] }).waitFor();
    const unsaved = panel.getByText('You have unsaved changes.');
    for (let rep = 0; rep < repetitions; rep++) {
      const radio: Locator = panel.getByRole('radio', { name: prizes[rep % 2] });
      const choose = await timed(
        page,
        () => radio.check(),
        () => unsaved.waitFor(),
      );
      if (wanted.has('choose-reward')) add(samples, 'choose-reward', choose);
      const saved = page.waitForResponse(
        (response) => response.url().endsWith('/api/v1/account/promotion/update/choices') && response.ok(),
      );
      const update = await timed(
        page,
        () => panel.getByRole('button', { name: 'Update Selection' }).click(),
        async () => {
          await saved;
          await unsaved.waitFor({ state: 'detached' });
        },
      );
      if (wanted.has('update-selection')) add(samples, 'update-selection', update);
    }
  } finally {
    await context.close();
  }
}

/**
 * The demo customer's first tap on the spend chart's picture of PROMOTION, which loads the interactive chart
 * (shared/ui/src/spend-chart/lazy-spend-chart.tsx): the view opened afresh for each repetition,
 * the pointer kept off the chart until the tap, settled once the interactive chart is drawn.
 */
async function customerChart(browser: Browser, baseURL: string, repetitions: number, samples: Samples) {
  const { context, page } = await throttledPage(browser, baseURL);
  try {
    await post(context, '/api/v1/session/login', { email: 'customer@demo.test', password: 'Demo-pass1!' });
    for (let rep = 0; rep < repetitions; rep++) {
      await page.mouse.move(0, 0);
      await page.goto(`/promotions/${PROMOTION}`);
      const chart = page.getByRole('img', { name: /^Spend chart from / });
      await chart.scrollIntoViewIfNeeded();
      await chart.locator('[data-chart-picture] svg').waitFor();
      const tap = await timed(
        page,
        () => chart.click({ position: { x: 120, y: 130 } }),
        () => chart.locator('[_echarts_instance_] svg').waitFor(),
      );
      add(samples, 'first-chart-tap', tap);
    }
  } finally {
    await context.close();
  }
}

/**
 * The demo customer's spend plan on PROMOTION (remotes/customer/src/features/spend-plan/), opened
 * once: a key on the slider, settled once the plan's heading shows the stepped value; and a weekly
 * spend typed into the field at a typist's pace (80 ms a key, as the rep's search), one repetition
 * per figure, its latency the worst key, settled once the plan's heading names it.
 */
async function customerPlan(
  browser: Browser,
  baseURL: string,
  repetitions: number,
  wanted: ReadonlySet<InteractionId>,
  samples: Samples,
) {
  const { context, page } = await throttledPage(browser, baseURL);
  try {
    await post(context, '/api/v1/session/login', { email: 'customer@demo.test', password: 'Demo-pass1!' });
    await page.goto(`/promotions/${PROMOTION}`);
    await page.getByRole('button', { name: 'Plan my spend' }).click();
    const field = page.getByRole('textbox', { name: /Weekly spend/ });
    const slider = page.getByRole('slider', { name: 'Weekly spend' });
    const heading = page.getByRole('heading', { name: /^At \$[\d,]+ a week$/ });
    for (let rep = 0; rep < repetitions; rep++) {
      if (wanted.has('plan-slider')) {
        await field.fill('4000');
        await heading.filter({ hasText: '$4,000' }).waitFor();
        await slider.focus();
        const key = await timed(
          page,
          () => page.keyboard.press('ArrowRight'),
          () => heading.filter({ hasNotText: '$4,000 ' }).waitFor(),
        );
        add(samples, 'plan-slider', key);
      }
      if (wanted.has('plan-type')) {
        await field.fill('');
        const figure = String(3000 + rep * 111);
        const typing = await timed(
          page,
          () => field.pressSequentially(figure, { delay: 80 }),
          () => heading.filter({ hasText: `$${Number(figure).toLocaleString('en-NZ')} a week` }).waitFor(),
        );
        add(samples, 'plan-type', typing);
      }
    }
  } finally {
    await context.close();
  }
}

/**
 * Every interaction (or those in `only`) on a served app, `repetitions` times each, with the CPU
 * slowed 4x. A page per screen, each in a fresh context with a fresh fixture user.
 */
export async function measureInteractions(
  browser: Browser,
  baseURL: string,
  options: { repetitions?: number; only?: readonly InteractionId[] } = {},
): Promise<InteractionFigures[]> {
  const repetitions = options.repetitions ?? DEFAULT_REPETITIONS;
  const wanted = new Set<InteractionId>(
    options.only && options.only.length > 0 ? options.only : INTERACTIONS.map((entry) => entry.id),
  );
  const samples: Samples = {};
  const tableIds: InteractionId[] = [
    'sort-customers',
    'next-page',
    'type-search',
    'choose-band',
    'clear-band',
    'open-customer',
  ];
  if (tableIds.some((id) => wanted.has(id)))
    await repCustomerTable(browser, baseURL, repetitions, wanted, samples);
  if (wanted.has('sort-rollup')) await repRollup(browser, baseURL, repetitions, samples);
  if (wanted.has('choose-reward') || wanted.has('update-selection'))
    await customerReward(browser, baseURL, repetitions, wanted, samples);
  if (wanted.has('first-chart-tap')) await customerChart(browser, baseURL, repetitions, samples);
  if (wanted.has('plan-slider') || wanted.has('plan-type'))
    await customerPlan(browser, baseURL, repetitions, wanted, samples);

  return INTERACTIONS.filter((entry) => wanted.has(entry.id)).map(({ id, label }) => {
    const measured = samples[id] ?? [];
    const durations = measured.map((sample) => sample.durationMs);
    const value = p75(durations);
    if (value === undefined) throw new Error(`No samples of ${label} for a p75.`);
    return {
      id,
      label,
      repetitions: measured.length,
      p75Ms: value,
      maxMs: Math.max(...durations),
      samplesMs: durations,
      p75Breakdown: measured.find((sample) => sample.durationMs === value),
      meetsTarget: value <= TARGET_MS,
      meetsStretch: value <= STRETCH_MS,
    };
  });
}

/** The figures as a table for the console. */
export function interactionTable(figures: readonly InteractionFigures[]): string {
  const ms = (value: number) => (value === 0 ? '<16' : String(Math.round(value)));
  const lines = [
    `${'interaction'.padEnd(42)}${'p75 ms'.padStart(8)}${'max ms'.padStart(8)}  ${'target'.padEnd(8)}breakdown of the p75 (input delay / processing / presentation)`,
  ];
  for (const figure of figures) {
    const verdict = figure.meetsStretch ? 'stretch' : figure.meetsTarget ? 'target' : 'MISSED';
    const b = figure.p75Breakdown;
    const breakdown =
      b && b.durationMs > 0
        ? `${b.event}: ${b.inputDelayMs} / ${b.processingMs} / ${b.presentationDelayMs}`
        : '';
    lines.push(
      `${figure.label.padEnd(42)}${ms(figure.p75Ms).padStart(8)}${ms(figure.maxMs).padStart(8)}  ${verdict.padEnd(8)}${breakdown}`,
    );
  }
  return lines.join('\n');
}
