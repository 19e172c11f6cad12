import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { PACE_BAND_LABELS, PACE_BANDS } from '@promo/domain/rep/rep-progress.rules';
import { DEMO_PROMOTION_IDS } from '@promo/server/demo-logins';
import { css, inside, role, text, type EngineName } from '../driver.ts';
import { expectSpendChart } from './spend-chart.ts';
import {
  dismissNotification,
  freshRep,
  saveNotificationChoice,
  journeyBrowser,
  signIn,
  STEP_TIMEOUT,
  TABLET,
} from '../engine-support.ts';

const PROMO = DEMO_PROMOTION_IDS.multiTarget;
const chart = role('img', /^Spend chart from /);
const bandFilter = role('group', 'Pace band filter');
const bandButton = (band: (typeof PACE_BANDS)[number]) =>
  inside(bandFilter, role('button', new RegExp(`^${PACE_BAND_LABELS[band]} [\\d,]+$`)));
const count = (value: string) => Number(value.replace(/[^\d]/g, ''));
const showing = (total: number) =>
  `Showing 1–${Math.min(10, total)} of ${total.toLocaleString('en-NZ')} ${total === 1 ? 'customer' : 'customers'}`;

/**
 * Keeps the CSV files the page hands to the browser as downloads, as the page built them, and
 * cancels the download itself: what a browser then does with a file differs by engine and is not
 * the product's (a prompt or a window could take the journey's next click).
 */
function recordCsvDownloads(): void {
  const page = window as Window & { ezyCsv?: Blob[] };
  page.ezyCsv = [];
  const create = URL.createObjectURL.bind(URL);
  URL.createObjectURL = (blob: Blob | MediaSource) => {
    if (blob instanceof Blob) page.ezyCsv?.push(blob);
    return create(blob);
  };
  document.addEventListener(
    'click',
    (event) => {
      if (event.target instanceof HTMLAnchorElement && event.target.hasAttribute('download'))
        event.preventDefault();
    },
    true,
  );
}

async function lastCsvDownload(): Promise<string | null> {
  const blob = (window as Window & { ezyCsv?: Blob[] }).ezyCsv?.at(-1);
  return blob ? (await blob.text()).replace(/^\uFEFF/, '') : null;
}

/**
 * A rep's screens at tablet size, in one browser session: a fresh rep for every region signs in,
 * selects branches, reads the dashboard and a promotion's customer table with its pace bands,
 * filters a band and exports it, opens the branch roll-up and a branch, then a customer's view,
 * keeps the branches' customers on the device from My Branches, and saves a notification choice on
 * My Account.
 */
export function repJourney(engine: EngineName): void {
  void describe(`${engine}: a sales rep at tablet size`, { timeout: STEP_TIMEOUT * 9 }, () => {
    const session = journeyBrowser(engine, TABLET);
    before(
      async () => {
        const browser = await session.open();
        const rep = await freshRep();
        await signIn(browser, rep.email, rep.password);
        await dismissNotification(browser, 'Successfully login.');
      },
      { timeout: STEP_TIMEOUT },
    );
    after(() => session.close());

    void it('branch selection: two regions, then the dashboard', { timeout: STEP_TIMEOUT }, async () => {
      const browser = session.get();
      await browser.expectPath('/salesrep/select-branches');
      await browser.find(role('heading', 'Select Branches', { level: 1 }));
      const regions = role('group', 'Regions');
      await browser.click(inside(regions, role('checkbox', /^Auckland/)));
      await browser.click(inside(regions, role('checkbox', /^Waikato/)));
      await browser.find(text(/^\d+ branches selected$/));
      await browser.click(role('button', 'Go to Dashboard'));
      await browser.expectPath('/salesrep');
    });

    void it(
      'the dashboard shows the current promotions for the branches',
      { timeout: STEP_TIMEOUT },
      async () => {
        const browser = session.get();
        await browser.find(role('heading', 'Current Promotions'));
        await browser.find(text(/^Customers at \d+ branches in Auckland, Waikato$/));
        await browser.expectText(
          role('article', undefined, { hasText: 'Tier Up Hamper Challenge' }),
          /\d+ \/ \d+/,
        );
        await browser.click(
          inside(
            role('article', undefined, { hasText: 'Tier Up Hamper Challenge' }),
            role('link', 'View Customers'),
          ),
        );
        await browser.expectPath(`/salesrep/promotions/${PROMO}`);
        await browser.find(role('heading', 'Tier Up Hamper Challenge', { level: 1 }));
      },
    );

    void it(
      'the customer table: pace bands that add up to its total',
      { timeout: STEP_TIMEOUT },
      async () => {
        const browser = session.get();
        await browser.find(role('heading', 'Customers by pace'));
        const total = count(
          (await browser.text(text(/^Showing 1–10 of [\d,]+ customers$/))).split(' of ')[1] ?? '',
        );
        assert.ok(total > 10, `${engine}: ${total} customers`);
        let sum = 0;
        for (const band of PACE_BANDS)
          sum += count(await browser.text(inside(bandButton(band), css('strong'))));
        assert.equal(sum, total, `${engine}: the bands add up to the table's total`);
      },
    );

    void it(
      'the band filter shows only the customers behind, and exports them as CSV',
      { timeout: STEP_TIMEOUT },
      async () => {
        const browser = session.get();
        const behind = count(await browser.text(inside(bandButton('behind'), css('strong'))));
        await browser.click(bandButton('behind'));
        await browser.expectAttribute(bandButton('behind'), 'aria-pressed', 'true');
        await browser.find(text(showing(behind)));
        await browser.waitFor(async () => {
          const colours = await browser.evaluate(() =>
            [...document.querySelectorAll('table [data-colour]')].map((bar) =>
              bar.getAttribute('data-colour'),
            ),
          );
          return colours.length === Math.min(10, behind) && colours.every((colour) => colour === 'red');
        }, 'a page of red bars only');

        await browser.evaluate(recordCsvDownloads);
        await browser.click(role('button', 'Export CSV'));
        await browser.find(text(`Exported ${behind.toLocaleString('en-NZ')} customers.`));
        const csv = await browser.evaluate(lastCsvDownload);
        assert.ok(csv, `${engine}: no CSV was handed to the browser`);
        const records = csv.split('\r\n').filter((line) => line !== '');
        assert.equal(
          records[0],
          'Global ID,Name,Region,Customer IDs,Registered,Total Spend,Target 1,% Achieved,% Ahead of Pace,Next Target,Still Needed,Needed per Trading Day',
        );
        assert.equal(records.length, behind + 1);
      },
    );

    void it('the branch roll-up opens a branch’s customer table', { timeout: STEP_TIMEOUT }, async () => {
      const browser = session.get();
      const views = role('navigation', 'Promotion views');
      await browser.click(inside(views, role('link', 'Branches')));
      await browser.expectAttribute(inside(views, role('link', 'Branches')), 'aria-current', 'page');
      await browser.expectPath(/[?&]view=branches/);
      const firstBranch = inside(role('region', 'Branches'), inside(role('rowheader'), role('link')));
      const branchName = await browser.text(firstBranch);
      await browser.click(firstBranch);
      await browser.find(text(`Branch: ${branchName}`));
      await browser.find(text(/^Showing 1–\d+ of [\d,]+ customers?$/));
    });

    void it('a customer’s view draws their spend chart', { timeout: STEP_TIMEOUT }, async () => {
      const browser = session.get();
      const firstCustomer = inside(role('table'), inside(role('rowheader'), role('link')));
      const name = await browser.text(firstCustomer);
      await browser.click(firstCustomer);
      await browser.find(role('heading', name, { level: 2 }));
      const card = role('region', 'Spend to date');
      await expectSpendChart(browser, inside(card, chart));
      await browser.find(inside(card, role('table', 'Spend by week')));
    });

    void it(
      'My Branches keeps the customers of the branches on this device',
      { timeout: STEP_TIMEOUT },
      async () => {
        const browser = session.get();
        await browser.open('/salesrep/my-branches');
        await browser.click(role('button', 'Keep my customers on this device'));
        await browser.find(
          text(/^[\d,]+ customers: about [\d.]+ MB to download and [\d.]+ MB on this device\.$/),
        );
        await browser.click(role('button', 'Keep them'));
        // Stored in the engine's IndexedDB, whether or not it grants persistent storage.
        await browser.find(text(/^Kept on this device, as at \d{1,2}:\d{2} [AP]M\.$/), STEP_TIMEOUT / 2);
        await browser.find(role('button', 'Refresh now'));
      },
    );

    void it(
      'My Account: the weekly summary by e-mail is saved and kept after a reload',
      { timeout: STEP_TIMEOUT },
      async () => {
        await saveNotificationChoice(
          session.get(),
          '/salesrep/my-account',
          { kind: 'Weekly summary of your customers', channel: 'E-mail' },
          { kind: 'A customer unlocks a target', channel: 'Push notification' },
        );
      },
    );
  });
}
