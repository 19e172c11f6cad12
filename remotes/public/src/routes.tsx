import type { RemoteRoutesModule } from '@promo/domain/remote-contract';
import { lazy } from 'react';
import type { RouteObject } from '@promo/ui/router';
// The one page bundled with the routes: /login is where every visitor arrives, and the routes module
// downloads while the shell starts (its early loading), so the form needs no further round trip
// (README "Performance"). Every other page loads when it is opened.
import LoginPage from './pages/login/login-page';

const Auth0CallbackPage = lazy(() => import('./pages/auth0-callback/auth0-callback-page'));
const RegistrationPage = lazy(() => import('./pages/registration/registration-page'));
const RegisterOnboardingPage = lazy(() => import('./pages/register-onboarding/register-onboarding-page'));
const ResetPasswordPage = lazy(() => import('./pages/reset-password/reset-password-page'));
const VerifyEmailPage = lazy(() => import('./pages/verify-email/verify-email-page'));
const JoinNowPage = lazy(() => import('./pages/join-now/join-now-page'));
const AboutUsPage = lazy(() => import('./pages/about-us/about-us-page'));
const TermsAndConditionsPage = lazy(() => import('./pages/terms-and-conditions/terms-and-conditions-page'));
const PrivacyPolicyPage = lazy(() => import('./pages/privacy-policy/privacy-policy-page'));
const SpendProgressPage = lazy(() => import('./pages/spend-progress/spend-progress-page'));
const ContactUsPage = lazy(() => import('./pages/contact-us/contact-us-page'));

export const remote: RemoteRoutesModule['remote'] = 'public';

/**
 * The public remote's pages (spec §2): the guest pages, the open pages and Contact Us. The shell
 * guards each path before this remote loads (MOUNTS in @promo/domain/paths).
 */
export function createRoutes(): RouteObject[] {
  return [
    // Guest pages
    { path: '/auth0/callback', element: <Auth0CallbackPage /> },
    { path: '/login', element: <LoginPage /> },
    { path: '/registration', element: <RegistrationPage /> },
    { path: '/register', element: <RegistrationPage /> },
    { path: '/register-onboarding', element: <RegisterOnboardingPage /> },
    { path: '/reset-password', element: <ResetPasswordPage /> },
    { path: '/verify-email', element: <VerifyEmailPage /> },
    // Open pages
    { path: '/join-now', element: <JoinNowPage /> },
    { path: '/about-us', element: <AboutUsPage /> },
    { path: '/terms-and-conditions', element: <TermsAndConditionsPage /> },
    { path: '/privacy-policy', element: <PrivacyPolicyPage /> },
    { path: '/spend-progress', element: <SpendProgressPage /> },
    // Signed-in customers and reps
    { path: '/contact-us', element: <ContactUsPage /> },
  ];
}
