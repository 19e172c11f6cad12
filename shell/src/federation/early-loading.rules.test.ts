import { MOUNTS } from '@promo/domain/paths';
import { describe, expect, it } from 'vitest';
import { preloadWaitsForRole, remoteToPreload, resumableSession } from './early-loading.rules';

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

describe('resumableSession', () => {
  const customer = { role: 'customer', userid: 'U1', accountid: 'G100001' } as const;
  const rep = { role: 'rep', userid: 'R1' } as const;

  it("resumes a signed-in session on its own audience's pages", () => {
    expect(resumableSession(MOUNTS.customer, customer)).toBe(customer);
    expect(resumableSession(MOUNTS.salesrep, rep)).toBe(rep);
    expect(resumableSession(MOUNTS.contact, rep)).toBe(rep);
  });

  it('starts the sign-in and open pages signed out when no session is saved on the device', () => {
    expect(resumableSession(MOUNTS.guest, undefined)).toEqual({ role: 'anonymous', userid: '0' });
    expect(resumableSession(MOUNTS.open, undefined)).toEqual({ role: 'anonymous', userid: '0' });
  });

  it('waits for the server elsewhere, and without a saved session', () => {
    expect(resumableSession(MOUNTS.salesrep, customer)).toBeUndefined();
    expect(resumableSession(MOUNTS.customer, rep)).toBeUndefined();
    expect(resumableSession(MOUNTS.guest, customer)).toBeUndefined();
    expect(resumableSession(MOUNTS.open, rep)).toBeUndefined();
    expect(resumableSession(undefined, customer)).toBeUndefined();
    expect(resumableSession(MOUNTS.customer, undefined)).toBeUndefined();
    expect(resumableSession(MOUNTS.customer, { role: 'anonymous', userid: '0' })).toBeUndefined();
  });
});
