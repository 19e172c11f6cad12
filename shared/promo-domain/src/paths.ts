/**
 * Every route of the product (docs/product-rules.md, 'Routes and guards'), grouped by the remote that renders it and the audience
 * the shell admits. This table is the contract between the shell and the remotes: the shell guards
 * and mounts these patterns, each remote's ./routes must render exactly the patterns of its mounts
 * (checked by remote-contract tests), and links between audiences are built here.
 */

import { REMOTE_NAMES } from './api/values';

export { REMOTE_NAMES };
export type RemoteName = (typeof REMOTE_NAMES)[number];

export type Audience =
  /** signed-in customers */
  | 'customer'
  /** signed-in reps */
  | 'rep'
  /** customers or reps */
  | 'signed-in'
  /** signed-out visitors only; a signed-in user is sent to / */
  | 'guest'
  /** everyone */
  | 'open';

export interface Mount {
  remote: RemoteName;
  audience: Audience;
  /** Absolute route patterns (react-router syntax). */
  patterns: readonly string[];
}

export const MOUNTS = {
  customer: {
    remote: 'customer',
    audience: 'customer',
    patterns: ['/', '/account-confirmation', '/promotions/:id', '/my-account', '/spend-calculation'],
  },
  salesrep: {
    remote: 'salesrep',
    audience: 'rep',
    patterns: [
      '/salesrep',
      '/salesrep/promotions/:id',
      '/salesrep/my-branches',
      '/salesrep/select-branches',
      '/salesrep/my-account',
    ],
  },
  contact: { remote: 'public', audience: 'signed-in', patterns: ['/contact-us'] },
  guest: {
    remote: 'public',
    audience: 'guest',
    patterns: [
      '/auth0/callback',
      '/login',
      '/registration',
      '/register',
      '/register-onboarding',
      '/reset-password',
      '/verify-email',
    ],
  },
  open: {
    remote: 'public',
    audience: 'open',
    patterns: ['/join-now', '/about-us', '/terms-and-conditions', '/privacy-policy', '/spend-progress'],
  },
} as const satisfies Record<string, Mount>;

export type MountName = keyof typeof MOUNTS;

/**
 * A remote's Module Federation name. It must be a valid JavaScript identifier ('public' is a reserved
 * word), so every remote carries the product's prefix.
 */
export const remoteFederationName = (remote: RemoteName) => `ezy_${remote}` as const;

/** The module id the shell loads for a remote, e.g. 'ezy_customer/routes'. */
export const remoteRoutesModuleId = (remote: RemoteName) => `${remoteFederationName(remote)}/routes` as const;

/** The mount whose patterns match `pathname` (':name' matches one segment), if any. */
export function mountOf(pathname: string): Mount | undefined {
  const segments = (path: string) => path.split('/').filter(Boolean);
  const actual = segments(pathname);
  return Object.values(MOUNTS).find((mount) =>
    mount.patterns.some((pattern) => {
      const expected = segments(pattern);
      return (
        expected.length === actual.length &&
        expected.every((part, index) => part.startsWith(':') || part === actual[index])
      );
    }),
  );
}

export function patternsOf(remote: RemoteName): string[] {
  return Object.values(MOUNTS)
    .filter((mount) => mount.remote === remote)
    .flatMap((mount) => [...mount.patterns]);
}

/** Link builders for paths that cross audiences or apps. */
export const paths = {
  home: () => '/',
  login: () => '/login',
  logout: () => '/logout',
  contactUs: () => '/contact-us',
  privacyPolicy: () => '/privacy-policy',
  termsAndConditions: () => '/terms-and-conditions',
  accountConfirmation: () => '/account-confirmation',
  customerPromotion: (id: string) => `/promotions/${encodeURIComponent(id)}`,
  customerMyAccount: () => '/my-account',
  spendCalculation: () => '/spend-calculation',
  repHome: () => '/salesrep',
  repPromotion: (id: string) => `/salesrep/promotions/${encodeURIComponent(id)}`,
  repMyBranches: () => '/salesrep/my-branches',
  repSelectBranches: () => '/salesrep/select-branches',
  repMyAccount: () => '/salesrep/my-account',
  registerOnboarding: () => '/register-onboarding',
  joinNow: () => '/join-now',
} as const;
