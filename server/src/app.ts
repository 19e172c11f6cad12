import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { createContext, type AppOptions } from './http/app-context';
import { API_PREFIX, enforceContract } from './http/contract';
import { crossSiteRefusal } from './http/cross-site';
import { foreignHostRefusal } from './http/dev-endpoints';
import { forbidden, HttpError, reasonPhrase } from './http/errors';
import { attemptStore, TooManyRequestsError } from './http/throttle';
import { registerBriefcaseRoutes } from './briefcase/briefcase.routes';
import { registerAccountRoutes } from './routes/account.routes';
import { registerAuditRoutes } from './routes/audit.routes';
import { registerAuth0Routes } from './routes/auth0.routes';
import { registerBlockRoutes } from './routes/block.routes';
import { registerConfigurationRoutes } from './routes/configuration.routes';
import { registerDevRoutes } from './routes/dev.routes';
import { registerFileRoutes } from './routes/file.routes';
import { registerFormSubmissionRoutes } from './routes/form-submission.routes';
import { registerNotificationRoutes } from './routes/notifications.routes';
import { registerPromotionRoutes } from './routes/promotion.routes';
import { registerSessionRoutes } from './routes/session.routes';
import { registerTelemetryRoutes } from './routes/telemetry.routes';
import { registerUserRoutes } from './routes/user.routes';
import { RelyingParty } from './sso/relying-party';

export type { AppOptions } from './http/app-context';

export { API_PREFIX } from './http/contract';

interface FrameworkError {
  statusCode?: number;
  code?: string;
  message?: string;
}

/** Turns whatever was thrown into the contract's error body: a 4xx with a reason, or a bland 500. */
function toErrorResponse(error: unknown): { status: number; message: string } {
  if (error instanceof HttpError) return { status: error.statusCode, message: error.message };
  const framework = (typeof error === 'object' && error !== null ? error : {}) as FrameworkError;
  const status = framework.statusCode;
  if (status !== undefined && status >= 400 && status < 500) {
    if (framework.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
      return { status: 400, message: 'body: Malformed JSON' };
    }
    if (framework.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return { status: 400, message: 'body: Required' };
    return { status, message: framework.message ?? reasonPhrase(status) };
  }
  return { status: 500, message: 'Something went wrong on our side. Please try again.' };
}

/**
 * The reference API (server/README.md) under /api/v1. The caller owns the database: main.ts opens the file
 * and seeds it, tests pass an in-memory one.
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const ctx = createContext(options);
  const app = Fastify({
    logger: options.logger ?? false,
    // Request bodies are small JSON documents; anything bigger is a mistake or an attack.
    bodyLimit: 256 * 1024,
    // request.ip is the client's address for throttling: X-Forwarded-For counts only when the
    // connection comes from a proxy named here (the shell's host proxies /api from loopback).
    trustProxy: options.trustProxy ?? 'loopback',
  });
  if (options.oidc) {
    const relyingParty = new RelyingParty(options.oidc, ctx.publicOrigin, {
      info: (message) => app.log.info(message),
      warn: (message) => app.log.warn(message),
    });
    ctx.relyingParty = relyingParty;
    app.addHook('onClose', async () => relyingParty.close());
  }
  await app.register(cookie);
  // Limiters are made by the routes that need them (createThrottle); none applies globally.
  await app.register(rateLimit, { global: false, store: attemptStore(ctx.attempts) });
  // JSON answers compressed as any production API's are (a promotion list: 9.4 KB -> 2.6 KB gzip);
  // on a phone's link every kilobyte before the first screen is time (docs/decisions/007-performance-figures.md).
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024 });

  app.setErrorHandler((error, request, reply) => {
    const { status, message } = toErrorResponse(error);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    if (error instanceof TooManyRequestsError) reply.header('Retry-After', String(error.retryAfterSeconds));
    return reply
      .code(status)
      .type('application/json')
      .send({ error: reasonPhrase(status), message });
  });

  app.setNotFoundHandler((request, reply) =>
    reply
      .code(404)
      .send({ error: 'Not Found', message: `No route ${request.method} ${request.url.split('?')[0]}.` }),
  );

  // With the dev endpoints on, only requests addressed to this machine (src/http/dev-endpoints.ts):
  // another site's page rebound to 127.0.0.1 would otherwise read the demo mailbox. Both the Host
  // the request came with and, through a proxy, the X-Forwarded-Host it passed on: a page on this
  // machine connects from loopback as the proxy does, so neither alone can be taken on trust.
  if (ctx.devEndpoints) {
    app.addHook('onRequest', async (request) => {
      const { localPort } = request.socket;
      const own = { ...ctx.ownHosts, ports: [...ctx.ownHosts.ports, ...(localPort ? [localPort] : [])] };
      const forwarded = request.headers['x-forwarded-host'];
      const named = [request.headers.host, ...(forwarded === undefined ? [] : String(forwarded).split(','))];
      for (const host of named) {
        const refusal = foreignHostRefusal(host, own, 80);
        if (refusal) throw new HttpError(421, refusal);
      }
    });
  }

  // Before the body is read: a cross-site write is refused whatever it carries.
  app.addHook('onRequest', async (request) => {
    const refusal = crossSiteRefusal(request, ctx.origins);
    if (refusal) throw forbidden(refusal);
  });

  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    // API answers hold personal data and change with every action: never let a cache keep them.
    if (!reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
    return payload;
  });

  enforceContract(app, ctx);

  await app.register(
    async (api) => {
      registerSessionRoutes(api, ctx);
      registerAuth0Routes(api, ctx);
      registerUserRoutes(api, ctx);
      registerAccountRoutes(api, ctx);
      registerAuditRoutes(api, ctx);
      registerBriefcaseRoutes(api, ctx);
      registerBlockRoutes(api, ctx);
      registerConfigurationRoutes(api, ctx);
      registerPromotionRoutes(api, ctx);
      registerFormSubmissionRoutes(api, ctx);
      registerFileRoutes(api, ctx);
      registerTelemetryRoutes(api, ctx);
      registerNotificationRoutes(api, ctx);
      if (ctx.devEndpoints) registerDevRoutes(api, ctx);
    },
    { prefix: API_PREFIX },
  );

  return app;
}
