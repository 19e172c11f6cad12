import type {
  Account,
  AccountAssociationAnswer,
  AccountId,
  AssociationsConfirmationStatus,
  DivisionAccount,
  DivisionCode,
  PromotionId,
} from '@promo/domain/types';
import {
  noPromotionFigures,
  withPromotionFigures,
  type PromotionFigures,
} from '@promo/domain/account/promotion-figures.rules';
import { accountSchema } from '@promo/domain/api/account.schema';
import { searchedFields, searchKey } from '@promo/domain/rep/customer-search.rules';
import { amountToNextTarget } from '@promo/domain/rep/rep-progress.rules';
import { achievement } from '@promo/domain/promotion/target-progress.rules';
import { readJsonColumn } from '../db/json-column';
import type { Db } from '../db/open-database';
import { readColumn } from './progress-columns';

const PROFILE_FIELDS = [
  'primaryContactFirstName',
  'primaryContactLastName',
  'primaryContactPosition',
  'primarySalesRepID',
  'primaryContactPhone',
  'primaryContactEmail',
  'primaryAddress',
  'secondaryContactFirstName',
  'secondaryContactLastName',
  'secondaryContactPosition',
  'secondaryContactPhone',
  'secondaryContactEmail',
  'secondaryAddress',
] as const satisfies readonly (keyof Account)[];

/** The contact fields of an account; stored as one JSON column because nothing filters on them. */
export type AccountProfile = Pick<Account, (typeof PROFILE_FIELDS)[number]>;

/** The profile column: the contract's account, its contact fields only. */
const profileColumn = accountSchema.pick(
  Object.fromEntries(PROFILE_FIELDS.map((field) => [field, true])) as Record<
    (typeof PROFILE_FIELDS)[number],
    true
  >,
);

export interface NewAccount {
  id: AccountId;
  name: string;
  primaryRegion: string;
  associationsConfirmationStatus: AssociationsConfirmationStatus;
  profile: AccountProfile;
  divisionDetails: DivisionAccount[];
  createdAt: number;
}

/**
 * What insertAccount takes, from an account as the API carries it; its promotion figures are
 * inserted on their own (insertProgress).
 */
export function newAccountOf(account: Account, createdAt: number): NewAccount {
  return {
    id: account.id,
    name: account.name,
    primaryRegion: account.primaryRegion,
    associationsConfirmationStatus: account.associationsConfirmationStatus,
    profile: Object.fromEntries(PROFILE_FIELDS.map((field) => [field, account[field]])) as AccountProfile,
    divisionDetails: account.divisionDetails,
    createdAt,
  };
}

/** One account's figures for one promotion (a row of account_promotions). */
export interface PromotionProgress extends PromotionFigures {
  accountId: AccountId;
  joinMailingList: boolean;
}

/** A promotion row with the account's name (AccountStore.standings). */
export interface PromotionStanding extends PromotionProgress {
  accountName: string;
}

/** A row to store: its percentage is computed from the spend and the targets (insertProgress). */
export type NewPromotionProgress = Omit<PromotionProgress, 'percentage'>;

interface AccountRow {
  id: string;
  name: string;
  primary_region: string;
  association_status: AssociationsConfirmationStatus;
  profile: string;
  tracking_timestamps: string;
}

interface DivisionRow {
  id: string;
  account_id: string;
  name: string;
  division: string;
  branch_id: string;
  sales_rep_id: string;
  sales_rep_name: string;
}

interface ProgressRow {
  account_id: string;
  promotion_id: string;
  enrolled: number;
  joined_at: number | null;
  join_mailing_list: number;
  selected_reward: string | null;
  total_spend: number;
  percentage: number;
  first_target: number;
  targets: string;
  by_division: string;
  daily_sales_targets: string;
  current_daily_sales: number;
  baseline_spend: number;
  past_progress: string;
}

/**
 * Reads and writes accounts: the one module of the account tables' SQL, which every other module
 * calls (docs/decisions/046-one-module-per-table.md). Statements are prepared once per store; the
 * seed inserts thousands of accounts through the same statements inside one transaction.
 */
export class AccountStore {
  readonly #db: Db;
  readonly #insertAccount;
  readonly #insertDivision;
  readonly #insertBranch;
  readonly #insertProgress;
  readonly #selectSearchScope;
  readonly #selectStatus;
  readonly #selectAccounts;
  readonly #selectDivisions;
  readonly #selectProgress;
  readonly #selectOneProgress;
  readonly #setStatus;
  readonly #insertConfirmation;
  readonly #setTracking;
  readonly #enrol;
  readonly #setChoice;
  readonly #recordSpend;
  readonly #selectBranchSet;
  readonly #insertBranchSet;
  readonly #insertBranchSetMember;
  readonly #insertSearchText;

  constructor(db: Db) {
    this.#db = db;
    this.#insertAccount = db.prepare(
      `INSERT INTO accounts (id, name, name_lower, primary_region, association_status, profile, created_at,
         branch_set_id, search_rowid)
       VALUES (@id, @name, @nameLower, @primaryRegion, @status, @profile, @createdAt, @branchSetId, @searchRowid)`,
    );
    this.#insertDivision = db.prepare(
      `INSERT INTO division_accounts (id, id_lower, account_id, position, name, division, branch_id, sales_rep_id, sales_rep_name)
       VALUES (@id, @idLower, @accountId, @position, @name, @division, @branchId, @salesRepId, @salesRepName)`,
    );
    this.#insertBranch = db.prepare(
      'INSERT OR IGNORE INTO account_branches (account_id, branch_id) VALUES (?, ?)',
    );
    // Positional parameters: this statement runs thousands of times during the seed.
    this.#insertProgress = db.prepare(
      `INSERT INTO account_promotions (account_id, promotion_id, enrolled, joined_at, join_mailing_list, selected_reward,
         total_spend, percentage, progress, first_target, targets, by_division, daily_sales_targets, current_daily_sales,
         baseline_spend, past_progress, next_target_gap, primary_region, branch_set_id)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.#selectSearchScope = db.prepare('SELECT primary_region, branch_set_id FROM accounts WHERE id = ?');
    this.#selectStatus = db.prepare('SELECT association_status FROM accounts WHERE id = ?').pluck();
    this.#selectBranchSet = db.prepare('SELECT id FROM branch_sets WHERE branch_key = ?').pluck();
    this.#insertBranchSet = db.prepare('INSERT INTO branch_sets (branch_key) VALUES (?)');
    this.#insertBranchSetMember = db.prepare(
      'INSERT OR IGNORE INTO branch_set_members (branch_id, set_id) VALUES (?, ?)',
    );
    this.#insertSearchText = db.prepare('INSERT INTO account_search (account_id, search_text) VALUES (?, ?)');
    this.#selectAccounts = db.prepare(
      `SELECT id, name, primary_region, association_status, profile, tracking_timestamps
       FROM accounts WHERE id IN (SELECT value FROM json_each(?))`,
    );
    this.#selectDivisions = db.prepare(
      `SELECT id, account_id, name, division, branch_id, sales_rep_id, sales_rep_name
       FROM division_accounts WHERE account_id IN (SELECT value FROM json_each(?)) ORDER BY account_id, position`,
    );
    this.#selectProgress = db.prepare(
      `SELECT ap.* FROM account_promotions ap LEFT JOIN promotions p ON p.id = ap.promotion_id
       WHERE ap.account_id IN (SELECT value FROM json_each(?)) ORDER BY ap.account_id, p.position, ap.promotion_id`,
    );
    this.#selectOneProgress = db.prepare(
      'SELECT * FROM account_promotions WHERE account_id = ? AND promotion_id = ?',
    );
    this.#setStatus = db.prepare('UPDATE accounts SET association_status = ? WHERE id = ?');
    this.#insertConfirmation = db.prepare(
      `INSERT INTO association_confirmations (account_id, user_id, answers, comment, result_status, created_at)
       VALUES (?, ?, ?, ?, ?, ?)`,
    );
    this.#setTracking = db.prepare(
      `UPDATE accounts SET tracking_timestamps = json_set(tracking_timestamps, '$."' || ? || '"', ?) WHERE id = ?`,
    );
    this.#enrol = db.prepare(
      `UPDATE account_promotions SET enrolled = 1, joined_at = ?, join_mailing_list = ?, selected_reward = ?
       WHERE account_id = ? AND promotion_id = ? AND enrolled = 0`,
    );
    this.#setChoice = db.prepare(
      'UPDATE account_promotions SET selected_reward = ? WHERE account_id = ? AND promotion_id = ?',
    );
    this.#recordSpend = db.prepare(
      `UPDATE account_promotions SET total_spend = ?, percentage = ?, progress = ?, past_progress = ?, by_division = ?,
         current_daily_sales = ?, next_target_gap = ? WHERE account_id = ? AND promotion_id = ?`,
    );
  }

  insertAccount(account: NewAccount): void {
    // The derived rows must not outlive a failed insert: callers that bulk-load (the seed, fixtures)
    // already hold a transaction that fails as a whole; anyone else gets one.
    if (this.#db.inTransaction) this.#insertAccountRows(account);
    else this.#db.transaction(() => this.#insertAccountRows(account))();
  }

  #insertAccountRows(account: NewAccount): void {
    // Derived search data (account-search.ts): the branch set and the text row, written with the account.
    const searchText = searchedFields(account).join('\n');
    const searchRowid = Number(this.#insertSearchText.run(account.id, searchText).lastInsertRowid);
    this.#insertAccount.run({
      branchSetId: this.#branchSetId(account.divisionDetails.map((division) => division.branchID)),
      searchRowid,
      id: account.id,
      name: account.name,
      nameLower: searchKey(account.name),
      primaryRegion: account.primaryRegion,
      status: account.associationsConfirmationStatus,
      profile: JSON.stringify(account.profile),
      createdAt: account.createdAt,
    });
    account.divisionDetails.forEach((division, position) => {
      this.#insertDivision.run({
        id: division.id,
        idLower: searchKey(division.id),
        accountId: account.id,
        position,
        name: division.name,
        division: division.division,
        branchId: division.branchID,
        salesRepId: division.salesRepID,
        salesRepName: division.salesRepName,
      });
      this.#insertBranch.run(account.id, division.branchID);
    });
  }

  /**
   * Stores a customer's figures in a promotion. The percentage and the progress the table sorts by
   * are computed here from the spend and the targets (achievement).
   */
  insertProgress(progress: NewPromotionProgress): void {
    const { percentageAchieved, progress: sortableProgress } = achievement(
      progress.targets,
      progress.totalSpend,
    );
    // The account's region and branch set are copied onto the row for the search (migration 2).
    const account = this.#selectSearchScope.get(progress.accountId) as
      { primary_region: string; branch_set_id: number | null } | undefined;
    if (!account) throw new Error(`Account ${progress.accountId} does not exist.`);
    this.#insertProgress.run(
      progress.accountId,
      progress.promotionId,
      progress.enrolled ? 1 : 0,
      progress.joinedAt,
      progress.joinMailingList ? 1 : 0,
      progress.selectedReward,
      progress.totalSpend,
      percentageAchieved,
      sortableProgress,
      progress.targets[0]?.amount ?? 0,
      JSON.stringify(progress.targets),
      JSON.stringify(progress.byDivision),
      JSON.stringify(progress.dailySalesTargets),
      progress.currentDailySales,
      progress.baselineSpend,
      JSON.stringify(progress.pastProgress),
      amountToNextTarget(progress.totalSpend, progress.targets),
      account.primary_region,
      account.branch_set_id,
    );
  }

  /** The id of the set of these branches, created on first use. */
  #branchSetId(branchIds: readonly string[]): number {
    const unique = [...new Set(branchIds)].sort();
    const key = unique.join(',');
    const existing = this.#selectBranchSet.get(key) as number | undefined;
    if (existing !== undefined) return existing;
    const id = Number(this.#insertBranchSet.run(key).lastInsertRowid);
    for (const branchId of unique) this.#insertBranchSetMember.run(branchId, id);
    return id;
  }

  /** Accounts in the order asked for; unknown ids are left out. */
  getMany(ids: readonly AccountId[]): Account[] {
    if (ids.length === 0) return [];
    const idsJson = JSON.stringify(ids);
    const rows = this.#selectAccounts.all(idsJson) as AccountRow[];
    const divisions = groupBy(this.#selectDivisions.all(idsJson) as DivisionRow[]);
    const progress = groupBy(this.#selectProgress.all(idsJson) as ProgressRow[]);
    const byId = new Map(
      rows.map((row) => [row.id, toAccount(row, divisions.get(row.id) ?? [], progress.get(row.id) ?? [])]),
    );
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /** The account's associationsConfirmationStatus; undefined for an unknown account. */
  confirmationStatus(id: AccountId): AssociationsConfirmationStatus | undefined {
    return this.#selectStatus.get(id) as AssociationsConfirmationStatus | undefined;
  }

  get(id: AccountId): Account | undefined {
    return this.getMany([id])[0];
  }

  /** The raw progress row, with the account's targets, for rules that need it (join, reward choice). */
  getProgress(accountId: AccountId, promotionId: PromotionId): PromotionProgress | undefined {
    const row = this.#selectOneProgress.get(accountId, promotionId) as ProgressRow | undefined;
    return row ? toProgress(row) : undefined;
  }

  /** All progress rows of one account (used to clone demo accounts into fixtures). */
  listProgress(accountId: AccountId): PromotionProgress[] {
    return (this.#selectProgress.all(JSON.stringify([accountId])) as ProgressRow[]).map(toProgress);
  }

  setAssociationStatus(accountId: AccountId, status: AssociationsConfirmationStatus): void {
    this.#setStatus.run(status, accountId);
  }

  /**
   * Keeps a customer's answers to the account-confirmation questions and sets the account's status
   * they lead to, together: the team reviews a challenged account from these answers.
   */
  confirmAssociations(confirmation: {
    accountId: AccountId;
    userId: string;
    answers: readonly AccountAssociationAnswer[];
    comment: string;
    status: AssociationsConfirmationStatus;
    at: number;
  }): void {
    const { accountId, userId, answers, comment, status, at } = confirmation;
    this.#db.transaction(() => {
      this.#insertConfirmation.run(accountId, userId, JSON.stringify(answers), comment, status, at);
      this.#setStatus.run(status, accountId);
    })();
  }

  setTrackingTimestamp(accountId: AccountId, key: string, at: number): void {
    this.#setTracking.run(key, at, accountId);
  }

  /** Returns false when the account was already enrolled (the call is idempotent). */
  enrol(
    accountId: AccountId,
    promotionId: PromotionId,
    options: { at: number; joinMailingList: boolean; selectedReward: string | null },
  ): boolean {
    const result = this.#enrol.run(
      options.at,
      options.joinMailingList ? 1 : 0,
      options.selectedReward,
      accountId,
      promotionId,
    );
    return result.changes > 0;
  }

  setSelectedReward(accountId: AccountId, promotionId: PromotionId, selectedReward: string): void {
    this.#setChoice.run(selectedReward, accountId, promotionId);
  }

  exists(accountId: AccountId): boolean {
    return this.#db.prepare('SELECT 1 FROM accounts WHERE id = ?').get(accountId) !== undefined;
  }

  /** Each known account's primary region, what reaching it depends on (@promo/domain/rep/rep-reach.rules). */
  regionsOf(ids: readonly AccountId[]): { id: AccountId; primaryRegion: string }[] {
    if (ids.length === 0) return [];
    return this.#db
      .prepare(
        'SELECT id, primary_region AS primaryRegion FROM accounts WHERE id IN (SELECT value FROM json_each(?))',
      )
      .all(JSON.stringify([...new Set(ids)])) as { id: AccountId; primaryRegion: string }[];
  }

  /** The ids of the accounts whose primary region is one of `regions`. */
  idsInRegions(regions: readonly string[]): AccountId[] {
    return this.#db
      .prepare('SELECT id FROM accounts WHERE primary_region IN (SELECT value FROM json_each(?)) ORDER BY id')
      .pluck()
      .all(JSON.stringify(regions)) as AccountId[];
  }

  /**
   * A rep's customers in id order, scoped as the rep search scopes them (account-search.ts): the
   * primary region in `allowedRegions` and, when `branchIds` names any, trading with one of them.
   * How many there are, and the ids of up to `limit` of them after `after`.
   */
  idsInScope(
    scope: { allowedRegions: readonly string[]; branchIds: readonly string[] },
    page: { after: AccountId | null; limit: number },
  ): { total: number; ids: AccountId[] } {
    const conditions = `primary_region IN (SELECT value FROM json_each(@regions))
      AND (@everyBranch = 1 OR branch_set_id IN (
        SELECT m.set_id FROM branch_set_members m WHERE m.branch_id IN (SELECT value FROM json_each(@branchIds))))`;
    const params = {
      regions: JSON.stringify(scope.allowedRegions),
      everyBranch: scope.branchIds.length === 0 ? 1 : 0,
      branchIds: JSON.stringify(scope.branchIds),
    };
    const total = this.#db
      .prepare(`SELECT COUNT(*) FROM accounts WHERE ${conditions}`)
      .pluck()
      .get(params) as number;
    const ids = this.#db
      .prepare(
        `SELECT id FROM accounts WHERE ${conditions} AND (@after IS NULL OR id > @after) ORDER BY id LIMIT @limit`,
      )
      .pluck()
      .all({ ...params, after: page.after, limit: page.limit }) as AccountId[];
    return { total, ids };
  }

  /**
   * The rows of these promotions, with each account's name, for one account or for the accounts of
   * some regions: by promotion, then by account name.
   */
  standings(
    promotionIds: readonly PromotionId[],
    of: { accountId: AccountId } | { regions: readonly string[] },
  ): PromotionStanding[] {
    const [where, param] =
      'accountId' in of
        ? ['ap.account_id = ?', of.accountId]
        : ['ap.primary_region IN (SELECT value FROM json_each(?))', JSON.stringify(of.regions)];
    const rows = this.#db
      .prepare(
        `SELECT ap.*, a.name AS account_name FROM account_promotions ap JOIN accounts a ON a.id = ap.account_id
         WHERE ap.promotion_id IN (SELECT value FROM json_each(?)) AND ${where}
         ORDER BY ap.promotion_id, a.name_lower`,
      )
      .all(JSON.stringify(promotionIds), param) as (ProgressRow & { account_name: string })[];
    return rows.map((row) => ({ ...toProgress(row), accountName: row.account_name }));
  }

  /** The rows of one promotion, in account id order. */
  progressIn(promotionId: PromotionId): PromotionProgress[] {
    const rows = this.#db
      .prepare('SELECT * FROM account_promotions WHERE promotion_id = ? ORDER BY account_id')
      .all(promotionId) as ProgressRow[];
    return rows.map(toProgress);
  }

  /**
   * Stores a customer's spend in a promotion after another day of sales; the percentage, progress
   * and amount to the next target follow from it and the row's targets, as in insertProgress.
   */
  recordSpend(
    row: PromotionProgress,
    spend: Pick<PromotionProgress, 'totalSpend' | 'pastProgress' | 'byDivision' | 'currentDailySales'>,
  ): void {
    const { percentageAchieved, progress } = achievement(row.targets, spend.totalSpend);
    this.#recordSpend.run(
      spend.totalSpend,
      percentageAchieved,
      progress,
      JSON.stringify(spend.pastProgress),
      JSON.stringify(spend.byDivision),
      spend.currentDailySales,
      amountToNextTarget(spend.totalSpend, row.targets),
      row.accountId,
      row.promotionId,
    );
  }
}

function groupBy<T extends { account_id: string }>(rows: T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const list = groups.get(row.account_id);
    if (list) list.push(row);
    else groups.set(row.account_id, [row]);
  }
  return groups;
}

function toProgress(row: ProgressRow): PromotionProgress {
  return {
    accountId: row.account_id,
    promotionId: row.promotion_id,
    enrolled: row.enrolled === 1,
    joinedAt: row.joined_at,
    joinMailingList: row.join_mailing_list === 1,
    selectedReward: row.selected_reward,
    totalSpend: row.total_spend,
    percentage: row.percentage,
    targets: readColumn('account_promotions.targets', row.targets),
    byDivision: readColumn('account_promotions.by_division', row.by_division),
    dailySalesTargets: readColumn('account_promotions.daily_sales_targets', row.daily_sales_targets),
    currentDailySales: row.current_daily_sales,
    baselineSpend: row.baseline_spend,
    pastProgress: readColumn('account_promotions.past_progress', row.past_progress),
  };
}

function toAccount(row: AccountRow, divisions: DivisionRow[], progressRows: ProgressRow[]): Account {
  const profile = readJsonColumn(profileColumn, row.profile, 'accounts.profile');
  const account: Account = {
    id: row.id,
    name: row.name,
    ...profile,
    primaryRegion: row.primary_region,
    divisionDetails: divisions.map((division) => ({
      id: division.id,
      name: division.name,
      division: division.division as DivisionCode,
      branchID: division.branch_id,
      salesRepID: division.sales_rep_id,
      salesRepName: division.sales_rep_name,
    })),
    associationsConfirmationStatus: row.association_status,
    trackingTimestamps: readColumn('accounts.tracking_timestamps', row.tracking_timestamps),
    ...noPromotionFigures(),
  };
  return progressRows.reduce(
    (result, progressRow) => withPromotionFigures(result, toProgress(progressRow)),
    account,
  );
}
