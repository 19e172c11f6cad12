// What a user can be told, a fixed list of the `/api/v1` contract (api/values.ts says why it is a leaf of its own).

/** What a customer can be told about their own promotions. */
export const CUSTOMER_NOTIFICATION_KINDS = [
  /** A target reached, with a reward still to choose. */
  'target-unlocked',
  /** The next target within reach, with the daily pace that gets there. */
  'target-near',
  /** Reward choices close soon while an unlocked target has no choice. */
  'choice-closing',
  /** The promotion ends soon and no target is reached. */
  'promotion-ending',
] as const;

/** What a rep can be told about the customers of their regions or chosen branches. */
export const REP_NOTIFICATION_KINDS = [
  /** Monday 7:00 NZ: customers who slipped, joined or unlocked a target that week. */
  'weekly-digest',
  /** One of the rep's customers unlocked a target. */
  'customer-unlocked',
] as const;

/** Every kind, the customer's then the rep's. */
export const NOTIFICATION_KINDS = [...CUSTOMER_NOTIFICATION_KINDS, ...REP_NOTIFICATION_KINDS] as const;

export type CustomerNotificationKind = (typeof CUSTOMER_NOTIFICATION_KINDS)[number];
export type RepNotificationKind = (typeof REP_NOTIFICATION_KINDS)[number];
export type NotificationKind = CustomerNotificationKind | RepNotificationKind;
