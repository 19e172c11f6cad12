import type { Prize } from '@promo/domain/types';
import { IMAGE_IDS, prizeImageId } from '../files/image-library';
import type { StoredPromotion } from '../promotions/promotion-store';
import { addDays, endOfDay, longDate, tradingDaysFrom, tradingDaysUntil } from './calendar';
import { DEMO_PROMOTION_IDS } from './demo-logins';

/** A seeded promotion with what the progress generator needs to know about it. */
export interface DemoPromotion {
  promotion: StoredPromotion;
  /** Every trading day of the promotion, in order. */
  tradingDays: Date[];
  /** Each target as a multiple of the account's baseline spend. */
  targetFactors: number[];
  /** Share of accounts with targets, and of those, share enrolled. */
  eligibleShare: number;
  enrolledShare: number;
}

function prize(title: string, subTitle: string, content: string, showTM = false): Prize {
  return { title, subTitle, content, prizeImage: { id: prizeImageId(title) }, showTM };
}

const FOOTNOTE =
  '<p><small>All spend values exclude GST. Spend is counted on invoices dated within the promotion period.</small></p>';

function termsHtml(name: string, start: Date, end: Date, targets: string): string {
  return `<h3>${name}: Terms and Conditions</h3>
<ol>
  <li>The promotion is open to approved trade account holders of the participating divisions (Autolign, BNT, Truck &amp; Trailer Parts, HCB/JAS, Precision Equipment, Diesel Distributors and NZ Brake Co) who opt in through Ezy Rewards.</li>
  <li>The earn period runs from ${longDate(start)} to ${longDate(end)} inclusive. Only invoiced purchases dated within the earn period count; credits are deducted.</li>
  <li>${targets} Targets are set from each account's baseline: its average daily spend over the baseline trading period multiplied by the trading days of the promotion.</li>
  <li>Spend is measured excluding GST across all linked division accounts confirmed in Ezy Rewards.</li>
  <li>Rewards are not exchangeable for cash. Vouchers are valid for 12 months from issue.</li>
  <li>Accounts must be in good standing (paid to terms) at the end of the promotion to receive a reward.</li>
  <li>Rewards are dispatched within 30 days of the end of the promotion to the account's primary address.</li>
  <li>The organiser may amend or withdraw the promotion where required by circumstances beyond its control. Its decision on eligibility is final.</li>
</ol>`;
}

/**
 * The three demo promotions, dated from the seed day so that they are always current:
 * - a multi-target hamper promotion, active, 30 trading days, started three weeks ago;
 * - the current food-pack promotion: one target, four food packs, 25 trading days, choices locked at
 *   midnight a few days before the end (named in promoInfoText);
 * - a finished meat-pack promotion that ended 30 days ago (status 'done').
 */
export function buildDemoPromotions(today: Date): DemoPromotion[] {
  const tierDays = tradingDaysFrom(addDays(today, -21), 30);
  const foodDays = tradingDaysFrom(addDays(today, -10), 25);
  const meatDays = tradingDaysUntil(addDays(today, -30), 25);

  const first = (days: Date[]) => days[0] as Date;
  const last = (days: Date[]) => days[days.length - 1] as Date;

  const tierLockDay = addDays(last(tierDays), -3);
  const foodLockDay = addDays(last(foodDays), -4);
  const meatLockDay = addDays(last(meatDays), -3);
  const lockAfter = (day: Date) => addDays(day, 1).getTime();

  const tierUp: StoredPromotion = {
    id: DEMO_PROMOTION_IDS.multiTarget,
    name: 'Tier Up Hamper Challenge',
    heroImage: { id: IMAGE_IDS.tierUpHero },
    heroImageMobile: { id: IMAGE_IDS.tierUpHeroMobile },
    startTimestamp: first(tierDays).getTime(),
    endTimestamp: endOfDay(last(tierDays)),
    showNameInDetailPage: true,
    rewardsCustomLabel: 'Hampers',
    disablePrizes: false,
    choicesLockTime: lockAfter(tierLockDay),
    promoInfoText: `Unlock up to three hampers. Hamper choices can be changed until midnight on ${longDate(tierLockDay)}.`,
    details: `<h3>Three targets, three hampers</h3>
<p>Over the next ${tierDays.length} trading days, every dollar you spend across our divisions counts toward three spend targets set from your usual trading.</p>
<ul>
  <li><strong>Target 1</strong> unlocks your first hamper.</li>
  <li><strong>Target 2</strong> adds a second hamper of your choice.</li>
  <li><strong>Target 3</strong> adds a third, for the whole team.</li>
</ul>
<p>Pick a hamper for each target you unlock in the <em>Update your Reward</em> panel. Progress is updated every morning with the previous trading day's invoices.</p>
${FOOTNOTE}`,
    termsConditions: termsHtml(
      'Tier Up Hamper Challenge',
      first(tierDays),
      last(tierDays),
      'There are three sequential spend targets; each target reached earns one hamper, up to three hampers.',
    ),
    prizes: [
      prize(
        'Gourmet Hamper',
        'Cheese, crackers, chutney and chocolate',
        "<p>A wicker hamper of New Zealand cheeses, artisan crackers, feijoa chutney, Whittaker's chocolate and roasted nuts.</p>",
      ),
      prize(
        'BBQ Hamper',
        'Rubs, sauces and tongs',
        '<p>Smoky rubs, kawakawa salt, three small-batch sauces, stainless tongs and a chopping board branded for your workshop.</p>',
      ),
      prize(
        'Coffee Lovers Hamper',
        'Fresh roasted beans and two mugs',
        '<p>Two bags of locally roasted beans, a plunger, two enamel mugs and a tin of ginger crunch for smoko.</p>',
        true,
      ),
    ],
    defaultUserChoices: { selectedReward: '1:Gourmet Hamper' },
  };

  const foodPack: StoredPromotion = {
    id: DEMO_PROMOTION_IDS.foodPack,
    name: 'Summer Food Pack Promotion',
    heroImage: { id: IMAGE_IDS.foodPackHero },
    heroImageMobile: { id: IMAGE_IDS.foodPackHeroMobile },
    startTimestamp: first(foodDays).getTime(),
    endTimestamp: endOfDay(last(foodDays)),
    showNameInDetailPage: true,
    disablePrizes: false,
    choicesLockTime: lockAfter(foodLockDay),
    promoInfoText: `Rewards can be changed until midnight on ${longDate(foodLockDay)}.`,
    details: `<h3>Reach your target, choose your food pack</h3>
<p>Reach your spend target over the ${foodDays.length} trading days of the promotion and we will deliver a food pack of your choice to your workshop.</p>
<p>Your target is based on your average daily spend over the baseline period, multiplied by the ${foodDays.length} trading days of this promotion. See <a href="/spend-calculation">how your target is calculated</a>.</p>
<p>Option 1 is selected for you when you join; you can change it any time until the reward-change deadline.</p>
${FOOTNOTE}`,
    termsConditions: termsHtml(
      'Summer Food Pack Promotion',
      first(foodDays),
      last(foodDays),
      'There is one spend target; reaching it earns one food pack. Only one prize is awarded per account and prizes are not cumulative.',
    ),
    prizes: [
      prize(
        'Build your Own Pack',
        'Choose six items from our list',
        '<p>Pick any six items from the pantry list: coffee, tea, biscuits, chips, soft drinks, muesli bars, sauces and more. We will e-mail you the list when you reach your target.</p>',
      ),
      prize(
        'BBQ Pack',
        'Sausages, steaks and burger patties',
        "<p>Two kilograms of butcher's sausages, four scotch fillet steaks and a dozen beef patties, delivered chilled.</p>",
      ),
      prize(
        'Breakfast Pack',
        'Bacon, eggs and coffee for the crew',
        // Deliberately unsafe markup: the client must sanitise prize HTML before rendering (README).
        '<p>Free-range eggs, manuka-smoked bacon, a loaf of sourdough and a bag of fresh beans.</p><img src=x onerror="alert(\'prize-xss\')"><p>Enough for a team breakfast of eight.</p>',
      ),
      prize(
        'Family Feast Pack',
        'A roast with all the trimmings',
        '<p>A lamb leg, seasonal vegetables, gravy, mint sauce and a pavlova base for dessert.</p>',
      ),
    ],
    defaultUserChoices: { selectedReward: '1:Build your Own Pack' },
  };

  const meatPack: StoredPromotion = {
    id: DEMO_PROMOTION_IDS.finished,
    name: 'Spring Meat Pack Promotion',
    heroImage: { id: IMAGE_IDS.meatPackHero },
    heroImageMobile: { id: IMAGE_IDS.meatPackHeroMobile },
    startTimestamp: first(meatDays).getTime(),
    endTimestamp: endOfDay(last(meatDays)),
    showNameInDetailPage: false,
    disablePrizes: false,
    choicesLockTime: lockAfter(meatLockDay),
    promoInfoText: `Rewards could be changed until midnight on ${longDate(meatLockDay)}.`,
    details: `<h3>Spend more, fill the freezer</h3>
<p>Reach your spend target over ${meatDays.length} trading days to earn a meat pack from a local butcher.</p>
${FOOTNOTE}`,
    termsConditions: termsHtml(
      'Spring Meat Pack Promotion',
      first(meatDays),
      last(meatDays),
      'There is one spend target; reaching it earns one meat pack.',
    ),
    prizes: [
      prize(
        'Premium Meat Pack',
        'Steaks, lamb and chops',
        '<p>Scotch fillet, lamb rack, pork chops and chicken thighs, about six kilograms in all.</p>',
      ),
      prize(
        'Sausage Sizzle Pack',
        'For the next team BBQ',
        '<p>Five kilograms of sausages, bread, onions and sauce: a sizzle for twenty.</p>',
      ),
    ],
    defaultUserChoices: { selectedReward: '1:Premium Meat Pack' },
  };

  return [
    {
      promotion: tierUp,
      tradingDays: tierDays,
      targetFactors: [1.05, 1.15, 1.3],
      eligibleShare: 0.92,
      enrolledShare: 0.55,
    },
    {
      promotion: foodPack,
      tradingDays: foodDays,
      targetFactors: [1.1],
      eligibleShare: 0.88,
      enrolledShare: 0.4,
    },
    {
      promotion: meatPack,
      tradingDays: meatDays,
      targetFactors: [1.1],
      eligibleShare: 0.8,
      enrolledShare: 0.6,
    },
  ];
}
