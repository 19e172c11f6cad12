import {
  emptyBandCounts,
  requestedBands,
  requestedBranches,
  requestedText,
  searchItem,
  searchKey,
  searchOrder,
  searchPace,
  searchPage,
  searchPromotion,
  type SearchOrderKey,
} from '@promo/domain/rep/customer-search.rules';
import {
  ON_PACE_FROM_PERCENT,
  PACE_BANDS,
  SLIPPING_FROM_PERCENT,
  type PromotionPace,
} from '@promo/domain/rep/rep-progress.rules';
import type {
  AccountSearchItem,
  AccountSearchRequest,
  AccountSearchResponse,
  AccountSearchSummary,
  BranchRollup,
  PaceBand,
  SortDirection,
} from '@promo/domain/types';
import { ContentStore } from '../content/content-store';
import type { Db } from '../db/open-database';
import { PromotionStore } from '../promotions/promotion-store';
import { readColumn } from './progress-columns';

/**
 * Up to this many accounts matching the search text, the search starts from them; above it, from
 * the promotion's sort index, testing each entry against the matches (a 'ltd' search matches half the
 * accounts: visiting each of them would cost more than walking the index).
 */
export const FEW_TEXT_MATCHES = 2000;

type Params = Record<string, string | number | null>;

/**
 * How a search is answered. With hasTargetsFor or enrolledIn (what the rep screens send), every
 * match has a row in account_promotions for the figures' promotion (searchPromotion's
 * everyMatchHasRow), so the search reads that table's indexes alone: each carries the filter
 * columns (branch set, enrolment, region) after the sort key, the count reads
 * account_promotions_scope, and a page is found in sort order from the index alone (skipped rows
 * cost an index entry each, which keeps deep pages and the CSV export cheap) before its rows are
 * read. Otherwise it starts from the accounts of the rep's regions (slower at volume; no screen
 * asks it).
 */
export interface SearchQuery {
  /** SELECT COUNT(*) AS total … */
  countSql: string;
  /** The page's rows (SearchRow), with @limit and @offset still to bind. */
  pageSql: string;
  /** Every match counted per band (BandCountRow): the summary's bands. */
  bandsSql: string;
  /** Every match counted and added up per branch set and band (SetRollupRow): the branch roll-up. */
  branchSetsSql: string;
  params: Params;
}

/** The columns the pace band reads (from the figures' progress row, which may be missing). */
interface BandColumns {
  enrolled: string;
  totalSpend: string;
  firstTarget: string;
}

/**
 * paceBand (@promo/domain/rep/rep-progress.rules) in SQL, for the rows of one promotion at one pace. Percent
 * excess is computed as percentExcess computes it, operation for operation, in the same IEEE doubles,
 * so each row lands in the band the pure function gives it, at the boundaries too; the thresholds are
 * the rule's constants, bound as @onPaceFrom and @slippingFrom (paceBandParams). Not joined is decided
 * first, from the enrolment alone, so those rows never read their figures.
 */
export function paceBandSql(columns: BandColumns): string {
  const excess = `((${columns.totalSpend}) / ((${columns.firstTarget}) * @paceElapsed / @paceDays) - 1) * 100`;
  return `CASE
    WHEN COALESCE(${columns.enrolled}, 0) = 0 THEN 'not-joined'
    WHEN NOT (${columns.firstTarget} > 0) OR @paceElapsed = 0 OR @paceDays = 0 THEN 'on-pace'
    WHEN ${excess} >= @onPaceFrom THEN 'on-pace'
    WHEN ${excess} >= @slippingFrom THEN 'slipping'
    ELSE 'behind'
  END`;
}

/** The parameters of paceBandSql: the promotion's pace and the rule's thresholds. */
export function paceBandParams(pace: PromotionPace): Params {
  return {
    paceElapsed: pace.elapsedTradingDays,
    paceDays: pace.tradingDays,
    onPaceFrom: ON_PACE_FROM_PERCENT,
    slippingFrom: SLIPPING_FROM_PERCENT,
  };
}

/** The columns of a page row, from accounts `a` and the figures' progress row `ap` (which may be missing). */
const PAGE_COLUMNS = `a.id, a.name, a.primary_region, COALESCE(ap.total_spend, 0) AS total_spend,
  COALESCE(ap.percentage, 0) AS percentage, COALESCE(ap.first_target, 0) AS first_target,
  COALESCE(ap.enrolled, 0) AS enrolled, ap.targets`;

/** LIKE pattern for a case-insensitive substring match, with the user's % and _ taken literally. */
function containsPattern(text: string): string {
  return `%${searchKey(text).replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** An FTS5 string: the text as one phrase, which the trigram tokenizer matches as a substring. */
function phrase(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}

/**
 * The trigram index finds substrings of 3 characters or more. Shorter texts, and texts with control
 * characters (the index separates an account's fields with newlines), use the LIKE predicates instead.
 */
function usesTextIndex(searchText: string): boolean {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is excluded
  return [...searchText].length >= 3 && !/[\u0000-\u001f]/.test(searchText);
}

const SORT_INDEX: Partial<Record<SearchOrderKey, string>> = {
  percentage: 'account_promotions_percentage',
  totalSpend: 'account_promotions_spend',
  needsAttention: 'account_promotions_need',
};

/** What every part of a search's SQL builds on: where the figures come from, and its parameters. */
interface SearchBasis {
  filters: NonNullable<AccountSearchRequest['filters']>;
  promotionId: string | null;
  /** Every match has a progress row for the figures' promotion: the query starts from account_promotions. */
  fromProgress: boolean;
  /** The columns every filter reads: from the progress row when starting there, else from accounts. */
  on: { id: string; region: string; branchSet: string };
  params: Params;
}

function searchBasis(
  request: AccountSearchRequest,
  scope: { allowedRegions: readonly string[] },
): SearchBasis {
  const { promotionId = null, everyMatchHasRow: fromProgress } = searchPromotion(request);
  return {
    filters: request.filters ?? {},
    promotionId,
    fromProgress,
    on: fromProgress
      ? { id: 'ap.account_id', region: 'ap.primary_region', branchSet: 'ap.branch_set_id' }
      : { id: 'a.id', region: 'a.primary_region', branchSet: 'a.branch_set_id' },
    params: { regions: JSON.stringify(scope.allowedRegions), promotionId },
  };
}

/** The conditions of the targets and enrolment filters, each on the figures' row where it can be. */
function enrolmentConditions({ filters, promotionId, fromProgress, on, params }: SearchBasis): string[] {
  const where: string[] = [];
  if (filters.hasTargetsFor !== undefined && !fromProgress) {
    where.push(
      `EXISTS (SELECT 1 FROM account_promotions t WHERE t.account_id = ${on.id} AND t.promotion_id = @hasTargetsFor)`,
    );
    params.hasTargetsFor = filters.hasTargetsFor;
  }
  if (filters.enrolledIn !== undefined) {
    if (fromProgress && filters.enrolledIn === promotionId) {
      where.push('ap.enrolled = 1');
    } else {
      where.push(
        `EXISTS (SELECT 1 FROM account_promotions e WHERE e.account_id = ${on.id} AND e.promotion_id = @enrolledIn AND e.enrolled = 1)`,
      );
      params.enrolledIn = filters.enrolledIn;
    }
  }
  if (filters.notEnrolledIn !== undefined) {
    if (fromProgress && filters.notEnrolledIn === promotionId) {
      where.push('ap.enrolled = 0');
    } else {
      where.push(
        `NOT EXISTS (SELECT 1 FROM account_promotions n WHERE n.account_id = ${on.id} AND n.promotion_id = @notEnrolledIn AND n.enrolled = 1)`,
      );
      params.notEnrolledIn = filters.notEnrolledIn;
    }
  }
  return where;
}

/** The branch filter's condition (requestedBranches), on the account's branch set. */
function branchConditions({ on, params }: SearchBasis, request: AccountSearchRequest): string[] {
  const branches = requestedBranches(request);
  if (branches === undefined) return [];
  params.branchIds = JSON.stringify(branches);
  return [
    `${on.branchSet} IN (SELECT m.set_id FROM branch_set_members m WHERE m.branch_id IN (SELECT value FROM json_each(@branchIds)))`,
  ];
}

/** The pace band's SQL over the figures' promotion (the route requires one with a band or a summary). */
function bandSql({ fromProgress }: SearchBasis): string {
  return fromProgress
    ? paceBandSql({ enrolled: 'ap.enrolled', totalSpend: 'ap.total_spend', firstTarget: 'ap.first_target' })
    : paceBandSql({
        enrolled: 'ap.enrolled',
        totalSpend: 'COALESCE(ap.total_spend, 0)',
        firstTarget: 'COALESCE(ap.first_target, 0)',
      });
}

/** The conditions of the band filter; none when every band is asked for. */
function bandConditions(basis: SearchBasis, request: AccountSearchRequest, band: string): string[] {
  const bands = requestedBands(request);
  if (bands.length === PACE_BANDS.length) return [];
  // The enrolment alone decides 'not-joined' and rules it in or out: tested first, on the index.
  const enrolled = basis.fromProgress ? 'ap.enrolled' : 'COALESCE(ap.enrolled, 0)';
  const where: string[] = [];
  if (!bands.includes('not-joined')) where.push(`${enrolled} = 1`);
  if (bands.length === 1 && bands[0] === 'not-joined') where.push(`${enrolled} = 0`);
  else {
    where.push(`(${band}) IN (SELECT value FROM json_each(@bands))`);
    basis.params.bands = JSON.stringify(bands);
  }
  return where;
}

/** The search text's condition: the trigram index where it can answer, else LIKE (usesTextIndex). */
function textConditions(
  { on, params }: SearchBasis,
  request: AccountSearchRequest,
): { where: string[]; textIndexed: boolean } {
  const searchText = requestedText(request);
  if (searchText === '') return { where: [], textIndexed: false };
  if (usesTextIndex(searchText)) {
    params.match = phrase(searchText);
    return {
      where: [`${on.id} IN (SELECT s.account_id FROM account_search s WHERE account_search MATCH @match)`],
      textIndexed: true,
    };
  }
  params.pattern = containsPattern(searchText);
  return {
    where: [
      `${on.id} IN (SELECT x.id FROM accounts x WHERE lower(x.id) LIKE @pattern ESCAPE '\\' OR x.name_lower LIKE @pattern ESCAPE '\\'
        OR EXISTS (SELECT 1 FROM division_accounts d WHERE d.account_id = x.id AND d.id_lower LIKE @pattern ESCAPE '\\'))`,
    ],
    textIndexed: false,
  };
}

/** The search's order (searchOrder, the id tie-break last) as columns, and its ORDER BY. */
function sqlOrder({ fromProgress, on }: SearchBasis, request: AccountSearchRequest) {
  const order = searchOrder(request);
  const column: Record<SearchOrderKey, string> = fromProgress
    ? {
        totalSpend: 'ap.total_spend',
        // Percentage sorts on progress (targets reached, then the fraction of the next): the order
        // of the figures the table shows (achievement, @promo/domain/promotion/target-progress.rules).
        percentage: 'ap.progress',
        needsAttention: 'ap.next_target_gap',
        name: 'a.name_lower',
        id: on.id,
      }
    : {
        totalSpend: 'COALESCE(ap.total_spend, 0)',
        percentage: 'COALESCE(ap.progress, 0)',
        needsAttention: 'COALESCE(ap.next_target_gap, 0)',
        name: 'a.name_lower',
        id: on.id,
      };
  const direction = (entry: { direction: SortDirection }) => (entry.direction === 'asc' ? 'ASC' : 'DESC');
  const orderBy = order.map((entry) => `${column[entry.key]} ${direction(entry)}`).join(', ');
  return { order, column, direction, orderBy };
}

/**
 * The count and the page from account_promotions, walking the first sort key's index: its entries
 * carry every filter column, where SQLite would otherwise often pick the (smaller) scope index and
 * sort every match to return ten. The page's rowids come first, in order, from the index; then only
 * those rows are read. A few text matches let SQLite start from them instead.
 */
function pageFromProgress(
  conditions: string,
  { order, column, direction, orderBy }: ReturnType<typeof sqlOrder>,
  startFromText: boolean,
  countHint: string,
): Pick<SearchQuery, 'countSql' | 'pageSql'> {
  const first = order[0]?.key;
  const sortIndex = first === undefined ? undefined : SORT_INDEX[first];
  const pageHint = !startFromText && sortIndex ? ` INDEXED BY ${sortIndex}` : '';
  const countSql = `SELECT COUNT(*) AS total FROM account_promotions ap${countHint}
      WHERE ${conditions}`;
  if (order.some((entry) => entry.key === 'name')) {
    // The name lives in accounts: sorted with the join (slower at volume; no screen asks it).
    return {
      countSql,
      pageSql: `SELECT ${PAGE_COLUMNS} FROM account_promotions ap
        JOIN accounts a ON a.id = ap.account_id
        WHERE ${conditions}
        ORDER BY ${orderBy} LIMIT @limit OFFSET @offset`,
    };
  }
  // The keys of the order, the id tie-break included: the outer query keeps the page's order by them.
  const keys = order.map((entry, index) => `${column[entry.key]} AS k${index}`).join(', ');
  const outerOrder = order.map((entry, index) => `page.k${index} ${direction(entry)}`);
  return {
    countSql,
    pageSql: `SELECT ${PAGE_COLUMNS}
      FROM (
        SELECT ap.rowid AS rid, ap.account_id, ${keys}
        FROM account_promotions ap${pageHint}
        WHERE ${conditions}
        ORDER BY ${orderBy} LIMIT @limit OFFSET @offset
      ) page
      JOIN account_promotions ap ON ap.rowid = page.rid
      JOIN accounts a ON a.id = page.account_id
      ORDER BY ${outerOrder.join(', ')}`,
  };
}

/**
 * Builds the SQL of a search: the request as @promo/domain/rep/customer-search.rules reads it (the
 * figures' promotion, bands, branches, text and order), in SQL. Without a figures' promotion, spend
 * and percentage are 0 and the order falls back to the id tie-break. `textMatches` is how many
 * accounts the search text matches in the text index (countTextMatches), when it is used.
 */
export function buildSearchQuery(
  request: AccountSearchRequest,
  scope: { allowedRegions: readonly string[] },
  textMatches = 0,
  pace: PromotionPace = searchPace(undefined, 0),
): SearchQuery {
  const basis = searchBasis(request, scope);
  const { fromProgress, on, params } = basis;
  const band = bandSql(basis);
  Object.assign(params, paceBandParams(pace));
  const text = textConditions(basis, request);
  const where = [
    ...(fromProgress ? ['ap.promotion_id = @promotionId'] : []),
    `${on.region} IN (SELECT value FROM json_each(@regions))`,
    ...enrolmentConditions(basis),
    ...branchConditions(basis, request),
    ...bandConditions(basis, request, band),
    ...text.where,
  ];
  const order = sqlOrder(basis, request);

  const conditions = where.join('\n        AND ');
  // A few text matches: let SQLite start from them. Otherwise the scope index (whose entries carry
  // every filter column and the band's figures) counts and summarises without reading a row.
  const startFromText = text.textIndexed && textMatches <= FEW_TEXT_MATCHES;
  const countHint = startFromText ? '' : ' INDEXED BY account_promotions_scope';
  const summaryFrom = fromProgress
    ? `FROM account_promotions ap${countHint} WHERE ${conditions}`
    : `FROM accounts a
      LEFT JOIN account_promotions ap ON ap.account_id = a.id AND ap.promotion_id = @promotionId
      WHERE ${conditions}`;
  const summaries = {
    bandsSql: `SELECT ${band} AS band, COUNT(*) AS customers ${summaryFrom} GROUP BY 1`,
    // Accounts that trade with the same branches share a branch set: a few hundred groups for the
    // branches to add up (branchRollups), instead of a join per account and branch.
    branchSetsSql: `SELECT ${on.branchSet} AS set_id, ${band} AS band, COUNT(*) AS customers,
      COALESCE(SUM(ap.enrolled), 0) AS joined, COALESCE(SUM(ap.total_spend), 0) AS total_spend,
      COALESCE(SUM(ap.first_target), 0) AS first_target_total
    ${summaryFrom} GROUP BY 1, 2`,
  };
  if (fromProgress) {
    return { ...pageFromProgress(conditions, order, startFromText, countHint), ...summaries, params };
  }
  return {
    countSql: `SELECT COUNT(*) AS total ${summaryFrom}`,
    pageSql: `SELECT ${PAGE_COLUMNS} ${summaryFrom} ORDER BY ${order.orderBy} LIMIT @limit OFFSET @offset`,
    ...summaries,
    params,
  };
}

/** How many accounts the search text matches in the text index (0 when the index is not used). */
export function countTextMatches(db: Db, request: AccountSearchRequest): number {
  const searchText = requestedText(request);
  if (searchText === '' || !usesTextIndex(searchText)) return 0;
  const row = db
    .prepare('SELECT COUNT(*) AS matches FROM account_search WHERE account_search MATCH ?')
    .get(phrase(searchText)) as { matches: number };
  return row.matches;
}

interface SearchRow {
  id: string;
  name: string;
  primary_region: string;
  total_spend: number;
  percentage: number;
  first_target: number;
  enrolled: number;
  targets: string | null;
}

interface BandCountRow {
  band: PaceBand;
  customers: number;
}

interface SetRollupRow extends BandCountRow {
  set_id: number | null;
  joined: number;
  total_spend: number;
  first_target_total: number;
}

/** Money added up in SQL, to whole cents (the sums of many doubles carry their rounding). */
const cents = (dollars: number) => Math.round(dollars * 100) / 100;

/**
 * The branch roll-up: each branch of the branch filter (every branch without one) in the rep's
 * regions, in the branch list's order, with the branch sets' figures added up for each of its sets.
 */
function branchRollups(
  db: Db,
  request: AccountSearchRequest,
  scope: { allowedRegions: readonly string[] },
  sets: readonly SetRollupRow[],
): BranchRollup[] {
  const selected = new Set(requestedBranches(request) ?? []);
  const branches = new ContentStore(db)
    .branchesFor({ role: 'rep', allowedRegions: scope.allowedRegions })
    .filter((branch) => selected.size === 0 || selected.has(branch.branchID));
  const setIds = new Map(
    (
      db
        .prepare(
          `SELECT branch_id, json_group_array(set_id) AS set_ids FROM branch_set_members
           WHERE branch_id IN (SELECT value FROM json_each(?)) GROUP BY branch_id`,
        )
        .all(JSON.stringify(branches.map((branch) => branch.branchID))) as {
        branch_id: string;
        set_ids: string;
      }[]
    ).map((row) => [row.branch_id, readColumn('branch_set_members.set_ids', row.set_ids)]),
  );
  const bySet = new Map<number, SetRollupRow[]>();
  for (const row of sets) {
    if (row.set_id === null) continue;
    bySet.set(row.set_id, [...(bySet.get(row.set_id) ?? []), row]);
  }
  return branches.map((branch) => {
    const rollup: BranchRollup = {
      branchID: branch.branchID,
      branchName: branch.branchName,
      region: branch.region,
      customers: 0,
      joined: 0,
      totalSpend: 0,
      firstTargetTotal: 0,
      bands: emptyBandCounts(),
    };
    for (const setId of setIds.get(branch.branchID) ?? []) {
      for (const row of bySet.get(setId) ?? []) {
        rollup.customers += row.customers;
        rollup.joined += row.joined;
        rollup.totalSpend += row.total_spend;
        rollup.firstTargetTotal += row.first_target_total;
        rollup.bands[row.band] += row.customers;
      }
    }
    rollup.totalSpend = cents(rollup.totalSpend);
    rollup.firstTargetTotal = cents(rollup.firstTargetTotal);
    return rollup;
  });
}

/**
 * The summary of every match (paging aside): the counts per band, from one grouped pass over the
 * same rows the count reads, and with 'branches' the same pass grouped by branch set as well.
 */
function searchSummary(
  db: Db,
  request: AccountSearchRequest,
  scope: { allowedRegions: readonly string[] },
  query: SearchQuery,
): AccountSearchSummary {
  const bands = emptyBandCounts();
  if (request.summary !== 'branches') {
    for (const row of db.prepare(query.bandsSql).all(query.params) as BandCountRow[]) {
      bands[row.band] += row.customers;
    }
    return { bands };
  }
  const sets = db.prepare(query.branchSetsSql).all(query.params) as SetRollupRow[];
  for (const row of sets) bands[row.band] += row.customers;
  return { bands, branches: branchRollups(db, request, scope, sets) };
}

/**
 * The rep's customer list (POST /account/search; docs/decisions/008-rep-search-at-volume.md and
 * 030-account-search-bands.md), answered by one COUNT and one paged SELECT over indexed tables, and
 * with a summary one grouped SELECT more: nothing proportional to the number of accounts is held in
 * memory. Limited to the rep's allowed regions. `now` dates the needs-attention figures and the pace
 * the bands are measured against.
 */
export function searchAccounts(
  db: Db,
  request: AccountSearchRequest,
  scope: { allowedRegions: readonly string[] },
  now: number = Date.now(),
): AccountSearchResponse {
  const { promotionId } = searchPromotion(request);
  const promotion = promotionId === undefined ? undefined : new PromotionStore(db).timespan(promotionId);
  const query = buildSearchQuery(request, scope, countTextMatches(db, request), searchPace(promotion, now));
  const { countSql, pageSql, params } = query;
  const total = (db.prepare(countSql).get(params) as { total: number }).total;
  const summary = request.summary ? { summary: searchSummary(db, request, scope, query) } : {};
  if (request.totalOnly) return { ids: [], items: [], total, ...summary };

  const rows = db.prepare(pageSql).all({ ...params, ...searchPage(request) }) as SearchRow[];

  const customerIds = new Map<string, string[]>();
  if (rows.length > 0) {
    const divisionRows = db
      .prepare(
        `SELECT account_id, id FROM division_accounts
         WHERE account_id IN (SELECT value FROM json_each(?)) ORDER BY account_id, position`,
      )
      .all(JSON.stringify(rows.map((row) => row.id))) as { account_id: string; id: string }[];
    for (const row of divisionRows) {
      const list = customerIds.get(row.account_id) ?? [];
      list.push(row.id);
      customerIds.set(row.account_id, list);
    }
  }

  const items: AccountSearchItem[] = rows.map((row) =>
    searchItem(
      {
        id: row.id,
        name: row.name,
        primaryRegion: row.primary_region,
        customerIds: customerIds.get(row.id) ?? [],
        totalSpend: row.total_spend,
        percentageAchieved: row.percentage,
        // No targets: the account has no progress row for the promotion (the join found none).
        targets: row.targets === null ? [] : readColumn('account_promotions.targets', row.targets),
        firstTarget: row.first_target,
        enrolled: row.enrolled === 1,
        hasRow: row.targets !== null,
      },
      promotion,
      now,
    ),
  );
  return { ids: items.map((item) => item.id), items, total, ...summary };
}
