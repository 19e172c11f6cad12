import { REMOTE_NAMES, type RemoteName } from '@promo/domain/paths';
import { REPORT_LIMITS, type ReleaseReport } from '@promo/domain/release-health/release-report';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../http/app-context';
import { badRequest } from '../http/errors';
import { clientAddress, createThrottle, enforce } from '../http/throttle';
import { parseInput } from '../http/validation';
import { engineOf, ReleaseEventStore } from '../release-health/release-event-store';

const remote = z.enum(REMOTE_NAMES as [RemoteName, ...RemoteName[]]);
// The deploy tool's version rule (scripts/deploy/remote-deploy.ts): letters, digits, '.', '+', '-'.
const version = z
  .string()
  .max(64)
  .regex(/^[0-9A-Za-z][0-9A-Za-z.+-]*$/, 'Not a version');
// A route template ('/promotions/:promotionId'), never a full URL: no scheme, query or fragment.
const route = z
  .string()
  .max(200)
  .regex(/^\/[^?#\s]*$/, 'Not a route template');
const text = (max: number) => z.string().max(max);

const eventSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('page-view'), remote, version, route }),
  z.strictObject({
    type: z.literal('load-failure'),
    remote,
    version,
    stage: z.enum(['manifest', 'entry', 'module']),
    message: text(REPORT_LIMITS.maxMessage),
  }),
  z.strictObject({ type: z.literal('fallback'), remote, from: version, to: version }),
  z.strictObject({
    type: z.literal('crash'),
    remote: z.union([remote, z.literal('shell')]),
    version,
    route,
    name: text(100),
    message: text(REPORT_LIMITS.maxMessage),
    stack: text(REPORT_LIMITS.maxStack),
  }),
  z.strictObject({
    type: z.literal('vital'),
    remote,
    version,
    route,
    name: z.enum(['LCP', 'INP', 'CLS']),
    // An hour in ms for LCP and INP; CLS scores are far smaller. Anything beyond is not a measurement.
    value: z.number().finite().min(0).max(3_600_000),
  }),
]);

const reportSchema: z.ZodType<ReleaseReport> = z.strictObject({
  env: z
    .string()
    .max(40)
    .regex(/^[a-z0-9][a-z0-9-]*$/, 'Not an environment id'),
  events: z.array(eventSchema).min(1, 'Required').max(REPORT_LIMITS.maxEvents),
});

/**
 * The browser's body: JSON, either typed as such or as text/plain, which navigator.sendBeacon sends
 * without a CORS preflight whatever the engine.
 */
function parsedBody(body: unknown): unknown {
  if (typeof body !== 'string') return body;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    throw badRequest('body: Malformed JSON');
  }
}

/**
 * Release-health reports from the shell (server/README.md, "Release health"): anonymous, so no
 * session is read, and throttled per client address before the body is read, so a flood costs no
 * parsing. Every request counts, malformed or not: nobody types these.
 */
export function registerTelemetryRoutes(app: FastifyInstance, ctx: AppContext): void {
  const store = new ReleaseEventStore(ctx.db);
  const perAddress = createThrottle(
    app,
    'telemetry-address',
    ctx.throttle.telemetryPerAddress,
    clientAddress,
  );

  app.post(
    '/telemetry',
    {
      bodyLimit: REPORT_LIMITS.maxBodyBytes,
      onRequest: async (request) => enforce(request, [perAddress], 'reports'),
    },
    async (request, reply) => {
      const report = parseInput(reportSchema, parsedBody(request.body));
      store.record(report, engineOf(request.headers['user-agent']), ctx.now());
      return reply.code(204).send();
    },
  );
}
