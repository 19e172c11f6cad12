import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { buildSpendProgressMessage, DAY_MS } from '@promo/domain/testing/data-generators';
import { inside, label, role, text, type EngineName } from '../driver.ts';
import {
  api,
  dismissNotification,
  freshCustomer,
  journeyBrowser,
  PHONE,
  signIn,
  STEP_TIMEOUT,
} from '../engine-support.ts';

const now = Date.now();
const single = buildSpendProgressMessage({
  startTimestamp: now - 10 * DAY_MS,
  endTimestamp: now + 25 * DAY_MS,
  totalSpend: 2500,
  currentProgressTargets: [{ targetNumber: 1, amount: 10000 }],
});
const multi = buildSpendProgressMessage({
  startTimestamp: now - 10 * DAY_MS,
  endTimestamp: now + 25 * DAY_MS,
  totalSpend: 15000,
  currentProgressTargets: [
    { targetNumber: 1, amount: 10000 },
    { targetNumber: 2, amount: 20000 },
    { targetNumber: 3, amount: 30000 },
  ],
  dailySalesTargets: [400, 800, 1200],
});

/** The first link of the newest e-mail to `to` whose subject matches, once the development outbox has one. */
async function emailLink(to: string, subject: RegExp): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const emails = await api<{ subject: string; paths: string[] }[]>(
      `/dev/outbox?to=${encodeURIComponent(to)}`,
    );
    const path = emails.find((email) => subject.test(email.subject))?.paths[0];
    if (path) return path;
    if (Date.now() > deadline) throw new Error(`No e-mail to ${to} with subject ${String(subject)}.`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * The guest and open pages at phone size, in one browser session: About, Join Now, the terms and
 * the privacy policy; /spend-progress embedded in a portal page; signing in (a wrong password, then
 * an unconfirmed customer who confirms their accounts); registration through to being signed in.
 */
export function guestJourney(engine: EngineName): void {
  void describe(`${engine}: a visitor at phone size`, { timeout: STEP_TIMEOUT * 6 }, () => {
    const session = journeyBrowser(engine, PHONE);
    before(
      async () => {
        await session.open();
      },
      { timeout: STEP_TIMEOUT },
    );
    after(() => session.close());

    void it('About, Join Now, the terms and the privacy policy', { timeout: STEP_TIMEOUT }, async () => {
      const browser = session.get();
      await browser.open('/about-us');
      // The shell's start-up styles are in its HTML, allowed by the Content-Security-Policy's
      // hashes: a refused <style> has no rules (scripts/deploy/security-headers.ts).
      const inlineRules = await browser.evaluate(() =>
        Array.from(
          document.querySelectorAll<HTMLStyleElement>('head style'),
          (style) => style.sheet?.cssRules.length ?? 0,
        ),
      );
      assert.ok(
        inlineRules.length > 0 && inlineRules.every((rules) => rules > 0),
        `${engine}: the HTML's own styles apply (rules per <style>: ${inlineRules.join(', ')})`,
      );
      // The HTML's loading words are kept out of its first frame by an animation of `display`
      // (shell/src/boot.css); an engine that cannot animate it must still show them.
      const wordsShown = await browser.evaluate(() => {
        const words = document.createElement('span');
        words.className = 'boot-words';
        document.body.append(words);
        for (const animation of words.getAnimations()) {
          animation.pause();
          animation.currentTime = 1000;
        }
        const display = getComputedStyle(words).display;
        words.remove();
        return display;
      });
      assert.notEqual(wordsShown, 'none', `${engine}: the loading words show once a second has passed`);
      await browser.click(role('link', 'Join Now'));
      await browser.expectPath('/join-now');
      await browser.find(text('Fields marked with * are required.'));
      await browser.find(role('textbox', 'Company Name'));
      await browser.open('/terms-and-conditions');
      await browser.find(role('heading', /Meat Pack Spend Promotion/));
      await browser.find(text(/6 November 2023 to 8 December 2023/));
      await browser.open('/privacy-policy');
      await browser.find(role('heading', 'Privacy Policy'));
      await browser.find(role('heading', 'What we collect'));
    });

    void it(
      'the embedded spend progress shows what the portal posts',
      { timeout: STEP_TIMEOUT },
      async () => {
        const browser = session.get();
        // A portal page on the shell's origin, the local environment's allowed parent: a plain
        // document of that origin (an icon) with the frame put in by script, as a portal's markup would.
        await browser.open('/icons/icon-192.png');
        await browser.evaluate(() => {
          const portal = window as Window & { spendProgressReady?: number };
          portal.spendProgressReady = 0;
          window.addEventListener('message', (event: MessageEvent<{ type?: string } | null>) => {
            if (event.origin === location.origin && event.data?.type === 'ezy-spend-progress-ready')
              portal.spendProgressReady = (portal.spendProgressReady ?? 0) + 1;
          });
          const frame = document.createElement('iframe');
          frame.id = 'progress';
          frame.title = 'Spend progress';
          frame.src = '/spend-progress';
          frame.style.cssText = 'width:100%;height:1400px;border:0';
          document.body.replaceChildren(frame);
        });
        // The embedded page says when it listens; only then does the portal post.
        await browser.waitFor(
          async () =>
            (await browser.evaluate(
              () => (window as Window & { spendProgressReady?: number }).spendProgressReady,
            )) === 1,
          'the embedded page never said it was ready',
        );
        const inFrame = { frame: '#progress' } as const;
        await browser.find(text('Waiting for your spend progress…', inFrame));
        const post = (message: unknown) =>
          browser.evaluate((data: unknown) => {
            document
              .querySelector<HTMLIFrameElement>('#progress')
              ?.contentWindow?.postMessage(data, location.origin);
          }, message);

        await post(single);
        const singleView = role('region', 'Your progress', inFrame);
        await browser.expectAttribute(
          inside(singleView, role('progressbar', 'Spend against target')),
          'aria-valuenow',
          '25',
        );
        await browser.find(inside(singleView, text('$2,500.00')));
        // The end is 25 days from now: 26 days remaining, today included (docs/product-rules.md).
        await browser.find(text('Promo Days Remaining: 26', inFrame));
        await browser.find(text('Test Motors Ltd (G100001)', inFrame));

        await post(multi);
        const multiView = role('region', 'Your progress across 3 targets', inFrame);
        await browser.expectCount(inside(multiView, role('progressbar')), 3);
        await browser.expectAttribute(
          inside(multiView, role('progressbar', 'Target 2 progress')),
          'aria-valuenow',
          '75',
        );
        await browser.expectGone(singleView);
      },
    );

    void it(
      'sign-in: a wrong password, then an unconfirmed customer confirms their accounts',
      { timeout: STEP_TIMEOUT },
      async () => {
        const browser = session.get();
        const customer = await freshCustomer('unconfirmed');
        await signIn(browser, customer.email, 'not-the-password');
        await browser.find(inside(role('alert'), text('Invalid email or password.')));
        await browser.expectPath('/login');

        await signIn(browser, customer.email, customer.password);
        // Closed, as every journey does after signing in: over the top of a phone's page it can take
        // the first answer's click (WebKit refused it once as not interactable).
        await dismissNotification(browser, 'Successfully login.');
        await browser.expectPath('/account-confirmation');
        await browser.find(role('heading', 'Confirm your linked accounts'));
        const question = /^Is account .* correct\?$/;
        const questions = await browser.expectCount(role('group', question), (count) => count > 0);
        for (let nth = 0; nth < questions; nth += 1)
          await browser.click(inside({ ...role('group', question), nth }, role('radio', 'Yes')));
        await browser.click(
          inside(role('group', 'Do you have other accounts that are not listed?'), role('radio', 'No')),
        );
        await browser.click(role('button', 'Submit'));
        await dismissNotification(browser, 'Account confirmation submitted successfully.');
        await browser.expectPath('/');
        await browser.find(role('heading', 'New Promotions'));

        await browser.click(role('button', 'Menu'));
        await browser.click(inside(role('dialog', 'Menu'), role('link', 'Logout')));
        await browser.expectPath('/login');
      },
    );

    void it(
      'registration, the e-mailed verification link, and being signed in',
      { timeout: STEP_TIMEOUT },
      async () => {
        const browser = session.get();
        const { accountId } = await freshCustomer('confirmed');
        const email = `engine.${engine}.${Date.now()}@example.test`;
        await api('/dev/invitations', { body: { customerID: accountId, email } });
        await browser.open('/register');
        await browser.type(role('textbox', 'First Name'), 'Mere');
        await browser.type(role('textbox', 'Surname'), 'Parata');
        await browser.type(role('textbox', 'Email'), email);
        await browser.type(role('textbox', 'Customer ID'), accountId);
        await browser.click(role('button', 'Submit'));
        await browser.find(text('User register successfully.'));
        await browser.expectPath('/register-onboarding');
        await browser.find(text(/check your email, including your junk or spam folder/));

        await browser.open(await emailLink(email, /Verify your email/));
        await browser.find(text('Your email address is verified. Choose your password.'));
        await browser.type(label(/^Password/), 'First-pass3$');
        await browser.type(label(/^Confirm Password/), 'First-pass3$');
        await browser.click(role('button', 'Confirm'));
        await browser.expectPath('/');
        await browser.click(role('button', 'Menu'));
        await browser.find(inside(role('dialog', 'Menu'), role('link', 'Logout')));
      },
    );
  });
}
