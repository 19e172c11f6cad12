import styles from './meat-pack-terms.module.css';

/**
 * docs/product-rules.md, 'Content pages': the static terms of the meat-pack spend promotion (three
 * sequential spend targets, earn period 6 November 2023 to 8 December 2023, one non-cumulative
 * prize, voucher valid for 12 months). Static text, written as markup here: nothing from a server.
 */
export function MeatPackTerms() {
  return (
    <article className={styles.terms} aria-labelledby="meat-pack-terms-heading">
      <h2 id="meat-pack-terms-heading">Ezy Rewards Meat Pack Spend Promotion: Terms and Conditions</h2>

      <h3>The promotion</h3>
      <ol>
        <li>
          The Ezy Rewards Meat Pack Spend Promotion (the &ldquo;Promotion&rdquo;) is run by the Ezy Rewards
          group of automotive-parts businesses (&ldquo;we&rdquo;, &ldquo;us&rdquo;). By joining the Promotion
          you accept these terms and conditions.
        </li>
        <li>
          The Promotion is open to trade account customers who have been invited to Ezy Rewards, have
          registered, have confirmed their linked trading accounts and have joined the Promotion in the Ezy
          Rewards app. Employees of the Ezy Rewards group are not eligible.
        </li>
      </ol>

      <h3>Earn period</h3>
      <ol start={3}>
        <li>
          Qualifying spend is counted from 6 November 2023 to 8 December 2023 inclusive (the &ldquo;Earn
          Period&rdquo;).
        </li>
        <li>
          Qualifying spend is invoiced spend, excluding GST, on your linked trading accounts across the
          participating divisions during the Earn Period, less any credits and returns. Spend on freight,
          deposits and accounts that are not linked to your Ezy Rewards account does not count.
        </li>
        <li>
          Spend shown in the app is updated at the end of each trading day and is indicative only. Our records
          of qualifying spend are final.
        </li>
      </ol>

      <h3>Spend targets</h3>
      <ol start={6}>
        <li>
          Each participating customer has three spend targets, set from their own average daily spend over an
          earlier trading period. The targets are sequential: Target 2 can only be reached after Target 1, and
          Target 3 only after Target 2.
        </li>
        <li>Your targets are shown in the app when you join the Promotion and cannot be changed.</li>
      </ol>

      <h3>The prize</h3>
      <ol start={8}>
        <li>
          Customers whose qualifying spend reaches a target by the end of the Earn Period win one meat pack
          voucher for the highest target reached.
        </li>
        <li>
          Prizes are not cumulative: one prize is awarded per customer, for the highest target reached only,
          however many targets that customer reaches.
        </li>
        <li>
          The voucher is valid for 12 months from the date it is issued. It cannot be exchanged for cash,
          transferred or extended, and will not be replaced if lost or stolen.
        </li>
        <li>
          Vouchers are sent to the primary contact of the winning trade account within 30 days of the end of
          the Earn Period, once all spend for the Earn Period has been invoiced and any credits applied.
        </li>
      </ol>

      <h3>General</h3>
      <ol start={12}>
        <li>
          Accounts must be in good standing, with no overdue amounts, at the end of the Earn Period and when
          the prize is awarded.
        </li>
        <li>
          We may withdraw a prize if we reasonably believe qualifying spend was inflated by orders that were
          later cancelled, returned or credited, or by any other misuse of the Promotion.
        </li>
        <li>
          We may change or end the Promotion if circumstances beyond our control require it. Any change will
          be shown in the app and will not reduce a prize already won.
        </li>
        <li>
          Personal information collected for the Promotion is handled under our Privacy Policy. These terms
          are governed by the laws of New Zealand.
        </li>
      </ol>
    </article>
  );
}
