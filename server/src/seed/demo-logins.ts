/**
 * The demo logins and ids that the seed creates, for tests and e2e (README "Demo logins").
 * It imports nothing, so e2e code can import it as '@promo/server/demo-logins' (package.json exports).
 */
export const DEMO_PASSWORD = 'Demo-pass1!';

export const DEMO_EMAILS = {
  /** Associations confirmed; joined the multi-target promotion (past target 1); the food-pack promotion not joined; a finished one. */
  customer: 'customer@demo.test',
  /** associationsConfirmationStatus 'unconfirmed'. */
  unconfirmed: 'unconfirmed@demo.test',
  /** associationsConfirmationStatus 'challenged'. */
  challenged: 'challenged@demo.test',
  /** A rep for every region, with no saved branch selection. */
  rep: 'rep@demo.test',
  /** A rep limited to REP_NORTH_REGIONS. */
  repNorth: 'rep.north@demo.test',
} as const;

export const DEMO_ACCOUNT_IDS = {
  customer: 'G100001',
  unconfirmed: 'G100002',
  challenged: 'G100003',
} as const;

/**
 * An open invitation the seed issues, so a newcomer can try registration: register with this e-mail
 * and customer ID (any names), then follow the link in the development outbox. Used once per
 * database. The seed also invites the primary contacts of INVITED_ACCOUNT_COUNT accounts from it on.
 */
export const DEMO_INVITATION = { email: 'invited@demo.test', accountId: 'G100004' } as const;

/** How many accounts, from DEMO_INVITATION.accountId on, have their primary contact invited. */
export const INVITED_ACCOUNT_COUNT = 10;

export const DEMO_USER_IDS = {
  customer: 'U1001',
  unconfirmed: 'U1002',
  challenged: 'U1003',
  rep: 'U2001',
  repNorth: 'U2002',
} as const;

export const DEMO_PROMOTION_IDS = {
  /** Active, three targets (hampers); customer@demo.test joined and is past target 1. */
  multiTarget: 'PROMO-TierUp-Hampers',
  /** Active, one target, the current food-pack promotion (four food packs); customer@demo.test has not joined. */
  foodPack: 'PROMO-FoodPack-Summer',
  /** Finished (status 'done'), ended 30 days before the seed day; customer@demo.test took part. */
  finished: 'PROMO-MeatPack-Spring',
} as const;

export const REGIONS = [
  'Northland',
  'Auckland',
  'Waikato',
  'Bay of Plenty',
  "Hawke's Bay",
  'Taranaki',
  'Manawatū-Whanganui',
  'Wellington',
  'Nelson Tasman',
  'Canterbury',
  'Otago',
  'Southland',
] as const;

export const REP_NORTH_REGIONS = ['Northland', 'Auckland'] as const;

/** Number of generated customer accounts besides the three demo ones. */
export const VOLUME_ACCOUNT_COUNT = 2400;
