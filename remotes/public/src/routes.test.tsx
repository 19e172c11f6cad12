import { MOUNTS } from '@promo/domain/paths';
import { provideQueryClient } from '@promo/domain/remote-contract';
import { describeRemoteRoutes, mockApi, renderRoutes, routePaths } from '@promo/ui/testing';
import { render, screen } from '@testing-library/react';
import { AppRouter, AppRoutes, createAppMemoryHistory } from '@promo/ui/router';
import { describe, expect, it, vi } from 'vitest';
import * as routesModule from './routes';

describeRemoteRoutes(routesModule, 'public', {
  pages: [
    {
      url: '/auth0/callback?error=access_denied&state=s1',
      role: 'heading',
      name: 'Authentication Error',
    },
    { url: '/login', role: 'heading', name: 'Welcome to Ezy Rewards', title: 'Login' },
    { url: '/registration', role: 'heading', name: 'Register for Ezy Rewards', title: 'Register (back)' },
    { url: '/register', role: 'heading', name: 'Register for Ezy Rewards', title: 'Register (back)' },
    {
      url: '/register-onboarding',
      role: 'heading',
      name: 'Thanks for registering',
      title: 'Registration Successful',
    },
    {
      url: '/reset-password?hash=h1&email=a%40b.co',
      role: 'heading',
      name: 'Set a new password',
      title: 'Reset Password',
    },
    {
      url: '/verify-email?hash=v1&phash=p1&email=a%40b.co',
      role: 'heading',
      name: 'Verify your email and set a password',
      title: 'Verify Email',
    },
    { url: '/join-now', role: 'heading', name: 'Join Ezy Rewards', title: 'Join Us (back)' },
    { url: '/about-us', role: 'heading', name: 'About Ezy Rewards', title: 'About Us (back)' },
    {
      url: '/terms-and-conditions',
      role: 'heading',
      name: 'Ezy Rewards Meat Pack Spend Promotion: Terms and Conditions',
      title: 'Terms and Conditions (back)',
    },
    { url: '/privacy-policy', role: 'heading', name: 'Privacy Policy', title: 'Privacy Policy (back)' },
    // Embedded: until its parent window posts the figures, it says they are not there.
    {
      url: '/spend-progress',
      role: 'heading',
      name: 'Spend progress is unavailable',
      title: 'Spend Progress',
    },
    { url: '/contact-us', role: 'heading', name: 'Get in touch', title: 'Contact Us (back)' },
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
