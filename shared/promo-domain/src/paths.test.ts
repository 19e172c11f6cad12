import { describe, expect, it } from 'vitest';
import { MOUNTS, mountOf, remoteFederationName, remoteRoutesModuleId } from './paths';

describe('mountOf', () => {
  it('finds the mount of each kind of path', () => {
    expect(mountOf('/')).toBe(MOUNTS.customer);
    expect(mountOf('/promotions/PROMO-TierUp-Hampers')).toBe(MOUNTS.customer);
    expect(mountOf('/salesrep')).toBe(MOUNTS.salesrep);
    expect(mountOf('/salesrep/promotions/PROMO-1')).toBe(MOUNTS.salesrep);
    expect(mountOf('/login')).toBe(MOUNTS.guest);
    expect(mountOf('/about-us')).toBe(MOUNTS.open);
    expect(mountOf('/contact-us')).toBe(MOUNTS.contact);
  });

  it('ignores a trailing slash and matches a parameter to one segment only', () => {
    expect(mountOf('/login/')).toBe(MOUNTS.guest);
    expect(mountOf('/promotions/')).toBeUndefined();
    expect(mountOf('/promotions/a/b')).toBeUndefined();
  });

  it('finds nothing for the shell own pages and unknown paths', () => {
    expect(mountOf('/logout')).toBeUndefined();
    expect(mountOf('/no-such-page')).toBeUndefined();
  });
});

describe('federation names', () => {
  it('prefix each remote so the name is a valid identifier', () => {
    expect(remoteFederationName('public')).toBe('ezy_public');
    expect(remoteRoutesModuleId('salesrep')).toBe('ezy_salesrep/routes');
  });
});
