import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../http/app-context';
import { contractBody } from '../http/contract';
import { HttpError } from '../http/errors';
import { SSO_NOT_CONFIGURED, SSO_UNAVAILABLE } from '../sso/sso-admission';
import { setSsoBrowserCookie } from './sso-sign-in';

export function registerAuth0Routes(app: FastifyInstance, ctx: AppContext): void {
  /**
   * Where the browser goes to sign a rep in: the OpenID provider's authorization URL for a new round
   * trip (src/sso/relying-party.ts), which returns to ${PUBLIC_ORIGIN}/auth0/callback. The round trip
   * is bound to this browser by a cookie only the sign-in that finishes it receives. Without the
   * OIDC_* settings, or before the provider has been reached, a 503 that says so: password sign-in
   * works meanwhile.
   */
  app.post('/auth0/get/auth/url', async (request, reply) => {
    contractBody(request, 'POST /auth0/get/auth/url');
    const rp = ctx.relyingParty;
    if (!rp) throw new HttpError(503, SSO_NOT_CONFIGURED);
    if (!rp.isReady) throw new HttpError(503, SSO_UNAVAILABLE);
    const trip = ctx.sso.begin(ctx.now());
    const url = await rp.authorizationUrl(trip);
    setSsoBrowserCookie(ctx, reply, trip.browserSecret);
    return { consentUrl: url.href };
  });
}
