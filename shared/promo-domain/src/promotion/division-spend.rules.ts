import { DIVISION_CODES, DIVISIONS, type DivisionCode, type ProgressDetails } from '../types';

/**
 * Spend by division (docs/product-rules.md, "Spend by division"), for the rep's view of a customer
 * and the embedded spend-progress page: in the division order (types.ts), every division the
 * customer trades with or has a spend figure for, at $0 when it has no figure. The embedded page's
 * message names no trading accounts, so it lists the divisions its figures name.
 */
export function spendByDivision(
  progress: Pick<ProgressDetails, 'byDivision'>,
  divisionsTraded: readonly string[] = [],
): { division: DivisionCode; name: string; amount: number }[] {
  return DIVISION_CODES.flatMap((division) => {
    const amount = progress.byDivision[division];
    if (amount === undefined && !divisionsTraded.includes(division)) return [];
    return [{ division, name: DIVISIONS[division], amount: amount ?? 0 }];
  });
}
