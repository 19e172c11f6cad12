import { MOUNTS } from '@promo/domain/paths';
import { describe, expect, it } from 'vitest';
import { preloadWaitsForRole, remoteToPreload } from './early-loading.rules';

describe('remoteToPreload', () => {
  it('starts the public remote for guest, open and contact pages without waiting for the session', () => {
    expect(remoteToPreload(MOUNTS.guest, undefined)).toBe('public');
    expect(remoteToPreload(MOUNTS.open, undefined)).toBe('public');
    expect(remoteToPreload(MOUNTS.contact, 'customer')).toBe('public');
    expect(preloadWaitsForRole(MOUNTS.guest)).toBe(false);
  });

  it("starts an audience's remote only for a visitor of that audience", () => {
    expect(preloadWaitsForRole(MOUNTS.customer)).toBe(true);
    expect(remoteToPreload(MOUNTS.customer, 'customer')).toBe('customer');
    expect(remoteToPreload(MOUNTS.salesrep, 'rep')).toBe('salesrep');
    expect(remoteToPreload(MOUNTS.customer, 'rep')).toBeUndefined();
    expect(remoteToPreload(MOUNTS.salesrep, 'customer')).toBeUndefined();
    expect(remoteToPreload(MOUNTS.customer, 'anonymous')).toBeUndefined();
    expect(remoteToPreload(MOUNTS.salesrep, undefined)).toBeUndefined();
  });

  it('starts nothing for the shell own pages', () => {
    expect(remoteToPreload(undefined, 'customer')).toBeUndefined();
    expect(preloadWaitsForRole(undefined)).toBe(false);
  });
});
