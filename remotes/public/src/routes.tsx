import type { RemoteRoutesModule } from '@promo/domain/remote-contract';
import { eagerPage, lazyPage, pageRoutes } from '@promo/ui/page-routes';
// The one page bundled with the routes: /login is where every visitor arrives, and the routes module
// downloads while the shell starts (its early loading), so the form needs no further round trip
// (docs/decisions/005-start-up-sequence.md). Every other page loads when it is opened.
import LoginPage from './pages/login/login-page';

const auth0Callback = lazyPage(() => import('./pages/auth0-callback/auth0-callback-page'));
const registration = lazyPage(() => import('./pages/registration/registration-page'));
const registerOnboarding = lazyPage(() => import('./pages/register-onboarding/register-onboarding-page'));
const resetPassword = lazyPage(() => import('./pages/reset-password/reset-password-page'));
const verifyEmail = lazyPage(() => import('./pages/verify-email/verify-email-page'));
const joinNow = lazyPage(() => import('./pages/join-now/join-now-page'));
const aboutUs = lazyPage(() => import('./pages/about-us/about-us-page'));
const termsAndConditions = lazyPage(() => import('./pages/terms-and-conditions/terms-and-conditions-page'));
const privacyPolicy = lazyPage(() => import('./pages/privacy-policy/privacy-policy-page'));
const spendProgress = lazyPage(() => import('./pages/spend-progress/spend-progress-page'));
const contactUs = lazyPage(() => import('./pages/contact-us/contact-us-page'));

export const remote: RemoteRoutesModule['remote'] = 'public';

/**
 * The public remote's pages (docs/product-rules.md, 'Routes and guards'): the guest pages, the open pages and Contact Us. The shell
 * guards each path before this remote loads (MOUNTS in @promo/domain/paths).
 */
export const { createRoutes, preloadRoute } = pageRoutes([
  // Guest pages
  { path: '/auth0/callback', page: auth0Callback },
  { path: '/login', page: eagerPage(LoginPage), queries: false },
  { path: '/registration', page: registration },
  { path: '/register', page: registration },
  { path: '/register-onboarding', page: registerOnboarding },
  { path: '/reset-password', page: resetPassword },
  { path: '/verify-email', page: verifyEmail },
  // Open pages
  { path: '/join-now', page: joinNow },
  { path: '/about-us', page: aboutUs },
  { path: '/terms-and-conditions', page: termsAndConditions },
  { path: '/privacy-policy', page: privacyPolicy },
  { path: '/spend-progress', page: spendProgress },
  // Signed-in customers and reps
  { path: '/contact-us', page: contactUs },
]);
