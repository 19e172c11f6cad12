/** Content blocks served by GET /block/get, keyed by id. */
export const DEMO_BLOCKS: Record<string, string> = {
  'privacy-policy-html': `<h2>Privacy Policy</h2>
<p><em>Last updated: 1 July 2025</em></p>
<p>Ezy Rewards is the loyalty programme of our group of automotive-parts trading businesses (Autolign, BNT, Truck &amp; Trailer Parts, HCB/JAS, Precision Equipment, Diesel Distributors and NZ Brake Co). This policy explains how we collect, use, store and share personal information when you use the Ezy Rewards app, in line with the Privacy Act 2020 and its Information Privacy Principles.</p>

<h3>What we collect</h3>
<ul>
  <li><strong>Contact details</strong>: your name, e-mail address, phone number, position and the business address of your trade account.</li>
  <li><strong>Account information</strong>: your customer ID, linked division account numbers, and the promotions you join, including your reward choices and marketing preferences.</li>
  <li><strong>Spend information</strong>: invoiced spend on your trade accounts during a promotion, so that we can show your progress and award rewards.</li>
  <li><strong>Usage information</strong>: when you open a promotion, and technical details such as your browser type, collected to keep the service secure and working.</li>
</ul>

<h3>How we use it</h3>
<p>We use your information to run the promotions you join, show your progress, deliver rewards, answer your enquiries, verify your identity when you sign in, and improve the app. Your sales representative can see your promotion progress and account details so they can support you; each view is logged.</p>
<p>If you tick the marketing box when joining a promotion, we will send you news about future promotions. You can unsubscribe at any time using the link in each e-mail.</p>

<h3>Who we share it with</h3>
<p>We share information within our group of businesses and with service providers who help us run Ezy Rewards (for example hosting, e-mail delivery and reward fulfilment). They may only use it to provide those services to us. We do not sell personal information.</p>
<p>Some of our providers store information outside New Zealand. Where they do, we take reasonable steps to make sure it is protected by safeguards comparable to those of the Privacy Act 2020.</p>

<h3>Storage and security</h3>
<p>Passwords are stored only as salted one-way hashes. Your session is kept in a secure, HTTP-only cookie, and a copy of your session details is kept on your device so that the app works offline; signing out removes it. We keep account and promotion records for seven years to meet our tax and accounting obligations.</p>

<h3>Your rights</h3>
<p>You may ask to see the personal information we hold about you and ask us to correct it. To update your linked accounts, use the Contact Us form in the app. We will respond within 20 working days.</p>

<h3>Contact us</h3>
<p>Privacy Officer, Ezy Rewards<br>PO Box 12 345, Penrose, Auckland 1642<br>privacy@ezyrewards.example.nz</p>
<p>If you are not satisfied with our response, you can contact the Office of the Privacy Commissioner at <a href="https://www.privacy.org.nz" rel="noopener noreferrer" target="_blank">www.privacy.org.nz</a>.</p>`,
};
