import { nextTargetNeed } from '@promo/domain/rep-needs-attention';
import type {
  AccountSearchItem,
  AccountSearchRequest,
  AccountSearchResponse,
  Target,
} from '@promo/domain/types';
import type { Db } from '../db/open-database';

export const SEARCH_DEFAULT_LIMIT = 10;
export const SEARCH_MAX_LIMIT = 100;

/**
 * Up to this many accounts matching the search text, the search starts from them; above it, from
 * the promotion's sort index, testing each entry against the matches (a 'ltd' search matches half the
 * accounts: visiting each of them would cost more than walking the index).
 */
export const FEW_TEXT_MATCHES = 2000;

type SortKey = NonNullable<AccountSearchRequest['sort']>[number]['key'];
type Params = Record<string, string | number | null>;

/**
 * How a search is answered. With hasTargetsFor or enrolledIn (what the rep screens send), every
 * match has a row in account_promotions for the figures' promotion, so the search reads that table's
 * indexes alone: each carries the filter columns (branch set, enrolment, region) after the sort key,
 * the count reads account_promotions_scope, and a page is found in sort order from the index alone
 * (skipped rows cost an index entry each, which keeps deep pages and the CSV export cheap) before its
 * rows are read. Otherwise it starts from the accounts of the rep's regions (slower at volume; no
 * screen asks it).
 */
export interface SearchQuery {
  /** SELECT COUNT(*) AS total … */
  countSql: string;
  /** The page's rows (SearchRow), with @limit and @offset still to bind. */
  pageSql: string;
  params: Params;
}

/** The columns of a page row, from accounts `a` and the figures' progress row `ap` (which may be missing). */
const PAGE_COLUMNS = `a.id, a.name, a.primary_region, COALESCE(ap.total_spend, 0) AS total_spend,
  COALESCE(ap.percentage, 0) AS percentage, COALESCE(ap.first_target, 0) AS first_target,
  COALESCE(ap.enrolled, 0) AS enrolled, ap.targets`;

/** LIKE pattern for a case-insensitive substring match, with the user's % and _ taken literally. */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** An FTS5 string: the text as one phrase, which the trigram tokenizer matches as a substring. */
function phrase(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}

/**
 * The trigram index finds substrings of 3 characters or more. Shorter texts, and texts with control
 * characters (the index separates an account's fields with newlines), use the LIKE predicates instead.
 */
export function usesTextIndex(searchText: string): boolean {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is excluded
  return [...searchText].length >= 3 && !/[\u0000-\u001f]/.test(searchText);
}

const SORT_INDEX: Partial<Record<SortKey, string>> = {
  percentage: 'account_promotions_percentage',
  totalSpend: 'account_promotions_spend',
  needsAttention: 'account_promotions_need',
};

/**
 * Builds the SQL of a search. The promotion whose figures are returned and sorted on is
 * hasTargetsFor, else enrolledIn, else notEnrolledIn; without any of them spend and percentage are 0
 * and the order falls back to the id tie-break. `textMatches` is how many accounts the search text
 * matches in the text index (countTextMatches), when it is used.
 */
export function buildSearchQuery(
  request: AccountSearchRequest,
  scope: { allowedRegions: readonly string[] },
  textMatches = 0,
): SearchQuery {
  const filters = request.filters ?? {};
  const promotionId = filters.hasTargetsFor ?? filters.enrolledIn ?? filters.notEnrolledIn ?? null;
  // Every match has a progress row for the figures' promotion: start from account_promotions.
  const fromProgress = filters.hasTargetsFor !== undefined || filters.enrolledIn !== undefined;
  const params: Params = { regions: JSON.stringify(scope.allowedRegions), promotionId };
  // The columns every filter reads: from the progress row when starting there, else from accounts.
  const on = fromProgress
    ? { id: 'ap.account_id', region: 'ap.primary_region', branchSet: 'ap.branch_set_id' }
    : { id: 'a.id', region: 'a.primary_region', branchSet: 'a.branch_set_id' };
  const where: string[] = [`${on.region} IN (SELECT value FROM json_each(@regions))`];
  if (fromProgress) where.unshift('ap.promotion_id = @promotionId');

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
  // An empty branch list means "no branch filter": the rep UI never sends one (it redirects to
  // select-branches instead), and treating it as "match nothing" would hide every customer.
  if (filters.branchID !== undefined && filters.branchID.length > 0) {
    where.push(
      `${on.branchSet} IN (SELECT m.set_id FROM branch_set_members m WHERE m.branch_id IN (SELECT value FROM json_each(@branchIds)))`,
    );
    params.branchIds = JSON.stringify(filters.branchID);
  }
  const searchText = filters.searchText?.trim() ?? '';
  const textIndexed = searchText !== '' && usesTextIndex(searchText);
  if (textIndexed) {
    where.push(`${on.id} IN (SELECT s.account_id FROM account_search s WHERE account_search MATCH @match)`);
    params.match = phrase(searchText);
  } else if (searchText !== '') {
    where.push(
      `${on.id} IN (SELECT x.id FROM accounts x WHERE lower(x.id) LIKE @pattern ESCAPE '\\' OR x.name_lower LIKE @pattern ESCAPE '\\'
        OR EXISTS (SELECT 1 FROM division_accounts d WHERE d.account_id = x.id AND d.id_lower LIKE @pattern ESCAPE '\\'))`,
    );
    params.pattern = containsPattern(searchText);
  }

  const sort =
    request.sort && request.sort.length > 0
      ? request.sort
      : [{ key: 'percentage', direction: 'desc' } as const];
  const column: Record<SortKey, string> = fromProgress
    ? {
        totalSpend: 'ap.total_spend',
        percentage: 'ap.percentage',
        needsAttention: 'ap.next_target_gap',
        name: 'a.name_lower',
      }
    : {
        totalSpend: 'COALESCE(ap.total_spend, 0)',
        percentage: 'COALESCE(ap.percentage, 0)',
        needsAttention: 'COALESCE(ap.next_target_gap, 0)',
        name: 'a.name_lower',
      };
  const direction = (entry: { direction: 'asc' | 'desc' }) => (entry.direction === 'asc' ? 'ASC' : 'DESC');
  const orderBy = [
    ...sort.map((entry) => `${column[entry.key]} ${direction(entry)}`),
    // A stable tie-break so that paging never repeats or skips an account.
    `${on.id} ASC`,
  ].join(', ');

  const conditions = where.join('\n        AND ');
  if (!fromProgress) {
    const from = `FROM accounts a
      LEFT JOIN account_promotions ap ON ap.account_id = a.id AND ap.promotion_id = @promotionId
      WHERE ${conditions}`;
    return {
      countSql: `SELECT COUNT(*) AS total ${from}`,
      pageSql: `SELECT ${PAGE_COLUMNS} ${from} ORDER BY ${orderBy} LIMIT @limit OFFSET @offset`,
      params,
    };
  }

  // A few text matches: let SQLite start from them. Otherwise walk the first sort key's index, whose
  // entries carry every filter column; SQLite would otherwise often pick the (smaller) scope index
  // and sort every match to return ten.
  const sortIndex = SORT_INDEX[sort[0]?.key ?? 'percentage'];
  const startFromText = textIndexed && textMatches <= FEW_TEXT_MATCHES;
  const pageHint = !startFromText && sortIndex ? ` INDEXED BY ${sortIndex}` : '';
  const countHint = startFromText ? '' : ' INDEXED BY account_promotions_scope';
  const countSql = `SELECT COUNT(*) AS total FROM account_promotions ap${countHint}
      WHERE ${conditions}`;
  if (sort.some((entry) => entry.key === 'name')) {
    // The name lives in accounts: sorted with the join (slower at volume; no screen asks it).
    return {
      countSql,
      pageSql: `SELECT ${PAGE_COLUMNS} FROM account_promotions ap
        JOIN accounts a ON a.id = ap.account_id
        WHERE ${conditions}
        ORDER BY ${orderBy} LIMIT @limit OFFSET @offset`,
      params,
    };
  }
  // The page's rowids first, in order, from the index; then only those rows are read.
  const keys = sort.map((entry, index) => `${column[entry.key]} AS k${index}`).join(', ');
  const outerOrder = [
    ...sort.map((entry, index) => `page.k${index} ${direction(entry)}`),
    'page.account_id ASC',
  ];
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
    params,
  };
}

/** How many accounts the search text matches in the text index (0 when the index is not used). */
export function countTextMatches(db: Db, request: AccountSearchRequest): number {
  const searchText = request.filters?.searchText?.trim() ?? '';
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

/**
 * The rep's customer list (POST /account/search; docs/decisions/008-rep-search-at-volume.md), answered by
 * one COUNT and one paged SELECT over indexed tables: nothing proportional to the number of accounts
 * is held in memory. Limited to the rep's allowed regions. `now` dates the needs-attention figures.
 */
export function searchAccounts(
  db: Db,
  request: AccountSearchRequest,
  scope: { allowedRegions: readonly string[] },
  now: number = Date.now(),
): AccountSearchResponse {
  const { countSql, pageSql, params } = buildSearchQuery(request, scope, countTextMatches(db, request));
  const total = (db.prepare(countSql).get(params) as { total: number }).total;
  if (request.totalOnly) return { ids: [], items: [], total };

  const rows = db.prepare(pageSql).all({
    ...params,
    limit: request.limit ?? SEARCH_DEFAULT_LIMIT,
    offset: request.offset ?? 0,
  }) as SearchRow[];

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

  const promotion =
    params.promotionId === null
      ? undefined
      : (db.prepare('SELECT start_ts, end_ts FROM promotions WHERE id = ?').get(params.promotionId) as
          { start_ts: number; end_ts: number } | undefined);

  const items: AccountSearchItem[] = rows.map((row) => {
    const nextTarget =
      promotion && row.targets !== null
        ? nextTargetNeed({
            now,
            startTimestamp: promotion.start_ts,
            endTimestamp: promotion.end_ts,
            totalSpend: row.total_spend,
            targets: JSON.parse(row.targets) as Target[],
          })
        : undefined;
    return {
      id: row.id,
      name: row.name,
      primaryRegion: row.primary_region,
      customerIds: customerIds.get(row.id) ?? [],
      totalSpend: row.total_spend,
      percentageAchieved: row.percentage,
      firstTarget: row.first_target,
      enrolled: row.enrolled === 1,
      ...(nextTarget ? { nextTarget } : {}),
    };
  });
  return { ids: items.map((item) => item.id), items, total };
}
