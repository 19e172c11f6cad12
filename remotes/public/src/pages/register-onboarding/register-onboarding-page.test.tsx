import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '@promo/ui/testing';
import RegisterOnboardingPage from './register-onboarding-page';

describe('RegisterOnboardingPage', () => {
  it('asks the user to check their email, including junk or spam, to complete registration', () => {
    const { title } = renderPage(<RegisterOnboardingPage />, { path: '/register-onboarding' });
    expect(title()).toBe('Registration Successful');
    expect(screen.getByText(/check your email, including your junk or spam folder/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
  });
});
