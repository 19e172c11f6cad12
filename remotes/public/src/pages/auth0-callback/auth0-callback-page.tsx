import { usePageFrame } from '@promo/ui/page-frame';
import { SsoCallback } from '../../features/sign-in/sso-callback';

/** /auth0/callback: the single sign-on return (docs/product-rules.md, 'Sign-in'). */
export default function Auth0CallbackPage() {
  usePageFrame('Sign In');
  return <SsoCallback />;
}
