import { describe, expect, it } from 'vitest';
import { canReachAccount, canReachUser, type Reacher } from './rep-reach.rules';

const north: Reacher = { id: 'U2', role: 'rep', accountId: null, allowedRegions: ['Northland', 'Auckland'] };
const customer: Reacher = { id: 'U1', role: 'customer', accountId: 'G1', allowedRegions: [] };

describe('canReachAccount', () => {
  it('lets a rep reach an account whose primary region is one of theirs, and no other', () => {
    expect(canReachAccount(north, { id: 'G9', primaryRegion: 'Auckland' })).toBe(true);
    expect(canReachAccount(north, { id: 'G9', primaryRegion: 'Otago' })).toBe(false);
  });

  it('lets a customer reach their own account only, wherever it is', () => {
    expect(canReachAccount(customer, { id: 'G1', primaryRegion: 'Otago' })).toBe(true);
    expect(canReachAccount(customer, { id: 'G2', primaryRegion: 'Otago' })).toBe(false);
  });
});

describe('canReachUser', () => {
  it('lets a rep reach themself and the customers of accounts in their regions', () => {
    expect(canReachUser(north, { id: 'U2', role: 'rep', accountId: null, primaryRegion: null })).toBe(true);
    expect(
      canReachUser(north, { id: 'U7', role: 'customer', accountId: 'G7', primaryRegion: 'Northland' }),
    ).toBe(true);
    expect(canReachUser(north, { id: 'U8', role: 'customer', accountId: 'G8', primaryRegion: 'Otago' })).toBe(
      false,
    );
  });

  it('keeps other reps, and customers linked to no account, out of a rep’s reach', () => {
    expect(canReachUser(north, { id: 'U3', role: 'rep', accountId: null, primaryRegion: null })).toBe(false);
    expect(canReachUser(north, { id: 'U9', role: 'customer', accountId: null, primaryRegion: null })).toBe(
      false,
    );
  });

  it('lets a customer reach themself only', () => {
    expect(
      canReachUser(customer, { id: 'U1', role: 'customer', accountId: 'G1', primaryRegion: 'Otago' }),
    ).toBe(true);
    expect(
      canReachUser(customer, { id: 'U5', role: 'customer', accountId: 'G1', primaryRegion: 'Otago' }),
    ).toBe(false);
  });
});
