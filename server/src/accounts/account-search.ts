import type { AccountSearchItem, AccountSearchRequest, AccountSearchResponse } from '@promo/domain/types';
import type { Db } from '../db/open-database';

export const SEARCH_DEFAULT_LIMIT = 10;
export const SEARCH_MAX_LIMIT = 100;

type SortKey = NonNullable<AccountSearchRequest['sort']>[number]['key'];

// Whitelisted ORDER BY expressions: sort keys never reach SQL as text from the request.
const SORT_COLUMNS: Record<SortKey, string> = {
  totalSpend: 'COALESCE(ap.total_spend, 0)',
  percentage: 'COALESCE(ap.percentage, 0)',
  name: 'a.name_lower',
};

/** LIKE pattern for a case-insensitive substring match, with the user's % and _ taken literally. */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

interface SearchRow {
  id: string;
  name: string;
  primary_region: string;
  total_spend: number;
  percentage: number;
  first_target: number;
  enrolled: number;
}

interface SearchQuery {
  /** FROM … WHERE …, shared by the count and the page. */
  from: string;
  orderBy: string;
  params: Record<string, string | number | null>;
}

/**
 * Builds the SQL of a search. The promotion whose figures are returned and sorted on is
 * hasTargetsFor, else enrolledIn, else notEnrolledIn; without any of them spend and percentage are 0
 * and the order falls back to the id tie-break.
 */
export function buildSearchQuery(
  request: AccountSearchRequest,
  scope: { allowedRegions: readonly string[] },
): SearchQuery {
  const filters = request.filters ?? {};
  const promotionId = filters.hasTargetsFor ?? filters.enrolledIn ?? filters.notEnrolledIn ?? null;
  const where: string[] = ['a.primary_region IN (SELECT value FROM json_each(@regions))'];
  const params: Record<string, string | number | null> = {
    regions: JSON.stringify(scope.allowedRegions),
    promotionId,
  };

  if (filters.hasTargetsFor !== undefined) {
    where.push(
      'EXISTS (SELECT 1 FROM account_promotions t WHERE t.account_id = a.id AND t.promotion_id = @hasTargetsFor)',
    );
    params.hasTargetsFor = filters.hasTargetsFor;
  }
  if (filters.enrolledIn !== undefined) {
    where.push(
      'EXISTS (SELECT 1 FROM account_promotions e WHERE e.account_id = a.id AND e.promotion_id = @enrolledIn AND e.enrolled = 1)',
    );
    params.enrolledIn = filters.enrolledIn;
  }
  if (filters.notEnrolledIn !== undefined) {
    where.push(
      'NOT EXISTS (SELECT 1 FROM account_promotions n WHERE n.account_id = a.id AND n.promotion_id = @notEnrolledIn AND n.enrolled = 1)',
    );
    params.notEnrolledIn = filters.notEnrolledIn;
  }
  // An empty branch list means "no branch filter": the rep UI never sends one (it redirects to
  // select-branches instead), and treating it as "match nothing" would hide every customer.
  if (filters.branchID !== undefined && filters.branchID.length > 0) {
    where.push(
      'EXISTS (SELECT 1 FROM account_branches b WHERE b.account_id = a.id AND b.branch_id IN (SELECT value FROM json_each(@branchIds)))',
    );
    params.branchIds = JSON.stringify(filters.branchID);
  }
  const searchText = filters.searchText?.trim() ?? '';
  if (searchText !== '') {
    where.push(
      `(lower(a.id) LIKE @pattern ESCAPE '\\' OR a.name_lower LIKE @pattern ESCAPE '\\'
        OR EXISTS (SELECT 1 FROM division_accounts d WHERE d.account_id = a.id AND d.id_lower LIKE @pattern ESCAPE '\\'))`,
    );
    params.pattern = containsPattern(searchText);
  }

  const sort =
    request.sort && request.sort.length > 0
      ? request.sort
      : [{ key: 'percentage', direction: 'desc' } as const];
  const orderBy = [
    ...sort.map((entry) => `${SORT_COLUMNS[entry.key]} ${entry.direction === 'asc' ? 'ASC' : 'DESC'}`),
    // A stable tie-break so that paging never repeats or skips an account.
    'a.id ASC',
  ].join(', ');

  return {
    from: `FROM accounts a
      LEFT JOIN account_promotions ap ON ap.account_id = a.id AND ap.promotion_id = @promotionId
      WHERE ${where.join(' AND ')}`,
    orderBy,
    params,
  };
}

/**
 * The rep's customer list (spec §2 "Rep promotion details", §7 POST /account/search), answered by
 * one COUNT and one paged SELECT over indexed tables: nothing proportional to the number of accounts
 * is held in memory. Limited to the rep's allowed regions.
 */
export function searchAccounts(
  db: Db,
  request: AccountSearchRequest,
  scope: { allowedRegions: readonly string[] },
): AccountSearchResponse {
  const { from, orderBy, params } = buildSearchQuery(request, scope);
  const total = (db.prepare(`SELECT COUNT(*) AS total ${from}`).get(params) as { total: number }).total;
  if (request.totalOnly) return { ids: [], items: [], total };

  const rows = db
    .prepare(
      `SELECT a.id, a.name, a.primary_region, COALESCE(ap.total_spend, 0) AS total_spend,
         COALESCE(ap.percentage, 0) AS percentage, COALESCE(ap.first_target, 0) AS first_target,
         COALESCE(ap.enrolled, 0) AS enrolled
       ${from} ORDER BY ${orderBy} LIMIT @limit OFFSET @offset`,
    )
    .all({
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

  const items: AccountSearchItem[] = rows.map((row) => ({
    id: row.id,
    name: row.name,
    primaryRegion: row.primary_region,
    customerIds: customerIds.get(row.id) ?? [],
    totalSpend: row.total_spend,
    percentageAchieved: row.percentage,
    firstTarget: row.first_target,
    enrolled: row.enrolled === 1,
  }));
  return { ids: items.map((item) => item.id), items, total };
}
