import { DEMO_EMAILS, DEMO_PASSWORD } from '../seed/demo-logins';
import type { LocalIdentity } from './local-provider';

/**
 * Who the local identity provider knows (src/sso/local-provider.ts): every demo login, reps and
 * customers alike, each with the demo password. Telling them apart is the app's business: a
 * customer who signs in there is refused by Ezy Rewards, as they would be with a company's provider.
 */
export function demoIdentities(): LocalIdentity[] {
  return Object.values(DEMO_EMAILS).map((email) => ({ email, password: DEMO_PASSWORD }));
}
