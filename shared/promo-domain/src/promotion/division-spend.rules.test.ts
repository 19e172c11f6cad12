import { describe, expect, it } from 'vitest';
import { spendByDivision } from './division-spend.rules';

describe('spendByDivision', () => {
  it('lists the divisions with a spend figure in the division order, with their names', () => {
    expect(spendByDivision({ byDivision: { N: 30, A: 10, '2': 20 } })).toEqual([
      { division: 'A', name: 'Autolign', amount: 10 },
      { division: '2', name: 'HCB/JAS', amount: 20 },
      { division: 'N', name: 'NZ Brake Co', amount: 30 },
    ]);
  });

  it('adds each division the customer trades with at $0 when it has no figure, in the same order', () => {
    expect(spendByDivision({ byDivision: { N: 30, A: 0 } }, ['T', 'N', 'other'])).toEqual([
      { division: 'A', name: 'Autolign', amount: 0 },
      { division: 'T', name: 'Truck & Trailer Parts', amount: 0 },
      { division: 'N', name: 'NZ Brake Co', amount: 30 },
    ]);
  });
});
