import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../http/app-context';
import { contractBody } from '../http/contract';
import { HttpError } from '../http/errors';

/** Why SSO cannot start here: the reference server has no identity provider of its own. */
const SSO_NOT_CONFIGURED =
  'Single sign-on is not configured on this server. For development on this machine, ' +
  'DEV_ENDPOINTS=1 turns on a stand-in sign-in page.';

export function registerAuth0Routes(app: FastifyInstance, ctx: AppContext): void {
  /**
   * The consent URL the browser is sent to. The reference server has no real identity
   * provider, so it points at its development identity page (GET /dev/sso/authorize), which then
   * returns to ${PUBLIC_ORIGIN}/auth0/callback with code and state. Without the dev endpoints there
   * is nowhere to send it.
   */
  app.post('/auth0/get/auth/url', async (request) => {
    const body = contractBody(request, 'POST /auth0/get/auth/url');
    if (!ctx.devEndpoints) throw new HttpError(503, SSO_NOT_CONFIGURED);
    const state = ctx.sso.createState(body.returnTo, ctx.now());
    return { consentUrl: `/api/v1/dev/sso/authorize?state=${encodeURIComponent(state)}` };
  });
}
