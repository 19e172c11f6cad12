/**
 * The domain's data, as the /api/v1 contract carries it (server/README.md).
 * Money is in NZ dollars excluding GST; timestamps are epoch milliseconds.
 */

export type Role = 'anonymous' | 'customer' | 'rep';
/** An account id (the trade customer's global id, e.g. "G100234"). */
export type AccountId = string;
export type PromotionId = string;

/** GET /session/get and POST /session/login answer with this. */
export interface SessionInfo {
  role: Role;
  /** '0' for anonymous. */
  userid: string;
  /** Customers only: the account they act for. */
  accountid?: AccountId;
}

/** POST /user/get answers with a list of these. */
export interface UserRecord {
  id: string;
  email: string;
  firstname: string;
  surname: string;
  role: Exclude<Role, 'anonymous'>;
  /** Region names a rep may see; empty for customers. */
  allowedRegions: string[];
}

/** The client's session: the server's answer plus the user record attached on the client. */
export interface Session extends SessionInfo {
  user?: UserRecord;
}

/** Division codes, in the order the screens list them (docs/product-rules.md, 'Formats and constants'). */
export const DIVISIONS = {
  A: 'Autolign',
  B: 'BNT',
  T: 'Truck & Trailer Parts',
  '2': 'HCB/JAS',
  P: 'Precision Equipment',
  D: 'Diesel Distributors',
  N: 'NZ Brake Co',
} as const;
export type DivisionCode = keyof typeof DIVISIONS;

export interface DivisionAccount {
  /** The division's own account number. */
  id: string;
  name: string;
  division: DivisionCode;
  branchID: string;
  salesRepID: string;
  salesRepName: string;
}

/** Known values; the server may send others: anything but 'confirmed' sends the customer to account confirmation. */
export type AssociationsConfirmationStatus = 'confirmed' | 'challenged' | 'unconfirmed';

export interface ProgressDetails {
  totalSpend: number;
  /** Spend per division code. */
  byDivision: Partial<Record<DivisionCode, number>>;
}

export interface Target {
  /** 1-based. */
  targetNumber: number;
  /** Spend needed over the whole promotion, dollars ex GST. */
  amount: number;
}

export interface Account {
  id: AccountId;
  name: string;
  primaryContactFirstName: string;
  primaryContactLastName: string;
  primaryContactPosition: string;
  primaryRegion: string;
  primarySalesRepID: string;
  primaryContactPhone: string;
  primaryContactEmail: string;
  primaryAddress: string;
  secondaryContactFirstName: string;
  secondaryContactLastName: string;
  secondaryContactPosition: string;
  secondaryContactPhone: string;
  secondaryContactEmail: string;
  secondaryAddress: string;
  divisionDetails: DivisionAccount[];
  /** An AssociationsConfirmationStatus; other values may arrive and count as not confirmed. */
  associationsConfirmationStatus: string;
  enrolledPromotions: { promotionID: PromotionId; joinedTimestamp?: number }[];
  /** Keyed 'promotion_view.{promotionId}', value epoch ms of the last view. */
  trackingTimestamps: Record<string, number>;
  progressDetails: Record<PromotionId, ProgressDetails>;
  targetDetails: Record<PromotionId, Target[]>;
  /** Per promotion: the daily spend each target needs, in target order. */
  dailySalesTargets: Record<PromotionId, number[]>;
  /** Per promotion: average daily spend so far. */
  currentDailySales: Record<PromotionId, number>;
  baselineSpend: Record<PromotionId, number>;
  /** Per promotion: fraction 0-1 of the target in focus, the first not reached (achievement, @promo/domain/promotion/target-progress.rules). */
  percentageAchieved: Record<PromotionId, number>;
  /** Per promotion, by date 'YYYYMMDD': cumulative total spend at the end of that day. */
  pastProgressDetails: Record<PromotionId, Record<string, { totalSpend: number }>>;
  promotionUserChoices: Record<PromotionId, { selectedReward: string }>;
}

/** An image reference: an id served by GET /file/image/{id}, or a direct url. */
export interface ImageRef {
  id?: string;
  url?: string;
}

export interface Prize {
  title: string;
  subTitle?: string;
  /** HTML from the server; sanitize before rendering. */
  content: string;
  prizeImage?: ImageRef;
  showTM?: boolean;
}

export interface Promotion {
  id: PromotionId;
  heroImage?: ImageRef;
  heroImageMobile?: ImageRef;
  name: string;
  /** epoch ms */
  startTimestamp: number;
  /** epoch ms */
  endTimestamp: number;
  /** 'done' means finished; other values (e.g. 'active') mean not finished. */
  status: string;
  /** Promotions with an error are dropped by the client. */
  error?: string;
  /** HTML */
  termsConditions: string;
  /** HTML */
  details: string;
  prizes: Prize[];
  showNameInDetailPage?: boolean;
  rewardsCustomLabel?: string;
  disablePrizes?: boolean;
  promoInfoText?: string;
  /** epoch ms; reward choices are editable only before it. */
  choicesLockTime?: number;
  /** Encoded as selectedReward (see encodeSelectedReward). */
  defaultUserChoices?: { selectedReward: string };
}

/** One entry of configuration 'branch.details'. */
export interface Branch {
  branchID: string;
  branchName: string;
  /** Short branch code, e.g. "AKL1". */
  branch: string;
  division: DivisionCode;
  region: string;
}

export interface AccountAssociationAnswer {
  id: string;
  divisionID: string;
  division: DivisionCode | 'other';
  confirmed: boolean;
}

/**
 * Where a customer stands against the pace to their first target (paceBand, @promo/domain/rep/rep-progress.rules):
 * on pace (percent excess 0 % or more), slipping (-10 % to 0 %), behind (below -10 %), or not joined.
 */
export type PaceBand = 'on-pace' | 'slipping' | 'behind' | 'not-joined';

/** How many customers fall in each band. */
export type PaceBandCounts = Record<PaceBand, number>;

/**
 * What the account search sorts by, declared once for the rep's table, its address and the server's
 * validation. percentage: targets reached, then the fraction of the next
 * (@promo/domain/promotion/target-progress.rules); needsAttention: the amount still needed to the
 * next target (@promo/domain/rep/needs-attention.rules); name: no screen asks it.
 */
export const ACCOUNT_SORT_KEYS = ['totalSpend', 'percentage', 'name', 'needsAttention'] as const;
export type AccountSortKey = (typeof ACCOUNT_SORT_KEYS)[number];
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];
/** The summaries an account search can add to its answer (AccountSearchRequest.summary). */
export const SEARCH_SUMMARIES = ['bands', 'branches'] as const;
export type SearchSummary = (typeof SEARCH_SUMMARIES)[number];

export interface AccountSearchRequest {
  totalOnly?: boolean;
  offset?: number;
  limit?: number;
  sort?: { key: AccountSortKey; direction: SortDirection }[];
  filters?: {
    hasTargetsFor?: PromotionId;
    enrolledIn?: PromotionId;
    notEnrolledIn?: PromotionId;
    branchID?: string[];
    searchText?: string;
    /**
     * Only customers in this band or these bands (at least one), by the figures' promotion
     * (hasTargetsFor, else enrolledIn, else notEnrolledIn: one of them is required with a band).
     */
    band?: PaceBand | PaceBand[];
  };
  /**
   * Adds `summary` to the answer, over every match (not just the page; the band filter included):
   * 'bands' the counts per band, 'branches' those and a roll-up per branch. Needs a promotion, as band does.
   */
  summary?: SearchSummary;
}

/** One row of an account search: enough for the rep's customer table. */
export interface AccountSearchItem {
  id: AccountId;
  name: string;
  primaryRegion: string;
  /** Division account ids, searchable as "Customer ID". */
  customerIds: string[];
  totalSpend: number;
  /**
   * Fraction 0-1 of the target in focus (the first not reached, the last once all are), for the
   * hasTargetsFor promotion (achievement, @promo/domain/promotion/target-progress.rules).
   */
  percentageAchieved: number;
  /** The hasTargetsFor promotion's targets for this customer (none without it). */
  targets: Target[];
  /** The first target amount for the hasTargetsFor promotion. */
  firstTarget: number;
  enrolled: boolean;
  /**
   * The first target not reached for the same promotion, and the spend per remaining trading day it
   * needs (null once no trading day remains); absent when every target is reached or there are none.
   */
  nextTarget?: {
    targetNumber: number;
    amount: number;
    remaining: number;
    perTradingDayNeeded: number | null;
  };
}

/**
 * One branch of a search's roll-up: the matching customers who trade with it (a customer trading with
 * two branches counts at both), as the table would list them with branchID set to this branch alone.
 */
export interface BranchRollup {
  branchID: string;
  branchName: string;
  region: string;
  /** Matching customers (with hasTargetsFor: the customers eligible for the promotion). */
  customers: number;
  /** Of those, the customers who joined the promotion. */
  joined: number;
  /** Their total spend, in dollars (rounded to cents). */
  totalSpend: number;
  /** Their first targets added up, in dollars (rounded to cents). */
  firstTargetTotal: number;
  bands: PaceBandCounts;
}

export interface AccountSearchSummary {
  /** Counts per band of every match; they add up to the answer's total. */
  bands: PaceBandCounts;
  /**
   * With summary 'branches': each branch of the branchID filter (every branch of the rep's regions
   * without one) that is in the rep's regions, ordered by region and branch name as the branch list is.
   */
  branches?: BranchRollup[];
}

export interface AccountSearchResponse {
  ids: AccountId[];
  items: AccountSearchItem[];
  total: number;
  /** Only when the request asks for a summary. */
  summary?: AccountSearchSummary;
}

export interface ContentBlock {
  id: string;
  props: { rawHtml: string };
}

export interface ConfigurationEntry<T = unknown> {
  id: string;
  value: T;
}

/** What the server answers on a failed call: a status and a human-readable reason. */
export interface ApiErrorBody {
  error: string;
  message: string;
}
