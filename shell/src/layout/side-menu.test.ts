import { describe, expect, it } from 'vitest';
import { menuEntries } from './side-menu';

const labels = (role: Parameters<typeof menuEntries>[0]) => menuEntries(role).map((entry) => entry.label);

describe('menuEntries', () => {
  it('offers a visitor Home and Privacy Policy', () => {
    expect(labels('anonymous')).toEqual(['Home', 'Privacy Policy']);
  });

  it('offers a customer their account, contact and logout', () => {
    expect(menuEntries('customer')).toEqual([
      { label: 'Home', to: '/' },
      { label: 'My Account', to: '/my-account' },
      { label: 'Privacy Policy', to: '/privacy-policy' },
      { label: 'Contact Us', to: '/contact-us' },
      { label: 'Logout', to: '/logout' },
    ]);
  });

  it('sends a rep to the salesrep variants and adds My Branches', () => {
    expect(menuEntries('rep')).toEqual([
      { label: 'Home', to: '/salesrep' },
      { label: 'My Account', to: '/salesrep/my-account' },
      { label: 'My Branches', to: '/salesrep/my-branches' },
      { label: 'Privacy Policy', to: '/privacy-policy' },
      { label: 'Contact Us', to: '/contact-us' },
      { label: 'Logout', to: '/logout' },
    ]);
  });
});
