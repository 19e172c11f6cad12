import { MOUNTS } from '@promo/domain/paths';
import { provideQueryClient } from '@promo/domain/remote-contract';
import { describeRemoteRoutes, mockApi, renderRoutes, routePaths } from '@promo/ui/testing';
import { render, screen } from '@testing-library/react';
import { AppRouter, AppRoutes, createAppMemoryHistory } from '@promo/ui/router';
import { describe, expect, it, vi } from 'vitest';
import * as routesModule from './routes';

describeRemoteRoutes(routesModule, 'public', {
  pages: [
    { url: '/auth0/callback?error=access_denied&state=s1', role: 'heading', name: 'Authentication Error' },
    // Embedded: it waits for its parent window to post the figures.
    {
      url: '/spend-progress',
      name: 'Waiting for your spend progress…',
      title: 'Spend Progress',
    },
    // [url, the page's heading, the header title it sets]
    ...(
      [
        ['/login', 'Welcome to Ezy Rewards', 'Login'],
        ['/registration', 'Register for Ezy Rewards', 'Register (back)'],
        ['/register', 'Register for Ezy Rewards', 'Register (back)'],
        ['/register-onboarding', 'Thanks for registering', 'Registration Successful'],
        ['/reset-password?hash=h1&email=a%40b.co', 'Set a new password', 'Reset Password'],
        [
          '/verify-email?hash=v1&phash=p1&email=a%40b.co',
          'Verify your email and set a password',
          'Verify Email',
        ],
        ['/join-now', 'Join Ezy Rewards', 'Join Us (back)'],
        ['/about-us', 'About Ezy Rewards', 'About Us (back)'],
        [
          '/terms-and-conditions',
          'Ezy Rewards Meat Pack Spend Promotion: Terms and Conditions',
          'Terms and Conditions (back)',
        ],
        ['/privacy-policy', 'Privacy Policy', 'Privacy Policy (back)'],
        ['/contact-us', 'Get in touch', 'Contact Us (back)'],
      ] as const
    ).map(([url, name, title]) => ({ url, role: 'heading', name, title })),
  ],
  render: (url) => {
    mockApi({
      'GET /block/get': [{ id: 'privacy-policy-html', props: { rawHtml: '<h2>Privacy Policy</h2>' } }],
      'POST /user/verify/email': { verified: true, alreadyVerified: false },
    });
    renderRoutes(routesModule.createRoutes(), { url });
  },
});

describe('the public remote routes module, besides', () => {
  it.each(['guest', 'open', 'contact'] as const)('covers the %s mount', (mount) => {
    const paths = routePaths(routesModule.createRoutes());
    for (const pattern of MOUNTS[mount].patterns) expect(paths).toContain(pattern);
  });

  it('gives every route an element', () => {
    for (const route of routesModule.createRoutes()) expect(route.element).toBeTruthy();
  });

  it('shows /login without the QueryClient: every visitor arrives there, TanStack Query stays unloaded', () => {
    const loadClient = vi.fn(() => Promise.reject(new Error('not on /login')));
    provideQueryClient(loadClient);
    void routesModule.preloadRoute('/login');
    // No QueryClientProvider around it: a page that used TanStack Query would throw here.
    render(
      <AppRouter history={createAppMemoryHistory(['/login'])}>
        <AppRoutes routes={routesModule.createRoutes()} />
      </AppRouter>,
    );
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Forgot Password' })).toBeInTheDocument();
    expect(loadClient).not.toHaveBeenCalled();
  });
});
