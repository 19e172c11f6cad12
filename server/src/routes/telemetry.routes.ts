import { REPORT_LIMITS } from '@promo/domain/release-health/release-report';
import { releaseReportSchema, type ReportedEvent } from '@promo/domain/release-health/release-report.schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { serverSecret } from '../auth/server-secrets';
import type { AppContext } from '../http/app-context';
import { parseInput, readSessionCookie } from '../http/contract';
import { badRequest } from '../http/errors';
import { clientAddress, createThrottle, enforce } from '../http/throttle';
import { engineOf, ReleaseEventStore } from '../release-health/release-event-store';
import { hasReached, type Recipient } from '../release-health/release-reach';
import { isEnvironmentId, type KnownVersions } from '../release-health/release-registries';
import { admitEvent } from '../release-health/report-caps';
import { ReporterIds, type Reporter } from '../release-health/reporters';

// The shared schema, and an environment of this product: one the server knows a registry for.
const reportSchema = releaseReportSchema.refine((report) => isEnvironmentId(report.env), {
  path: ['env'],
  message: 'Not an environment of this product',
});

/**
 * The browser's body: JSON, either typed as such or as text/plain, which navigator.sendBeacon sends
 * without a CORS preflight whatever the engine.
 */
function parsedBody(body: unknown): unknown {
  if (typeof body !== 'string') return body;
  try {
    // Read as unknown: the report's schema says what it may be.
    const parsed: unknown = JSON.parse(body);
    return parsed;
  } catch {
    throw badRequest('body: Malformed JSON');
  }
}

/** The versions an event is about: a fallback names the one that failed and the one served. */
function versionsOf(event: ReportedEvent): { remote: string; versions: string[] } {
  if (event.type === 'fallback') return { remote: event.remote, versions: [event.from, event.to] };
  return { remote: event.remote, versions: [event.version] };
}

/**
 * The events that count: about a version the environment's registry names, received since it
 * entered the registry, that reached the reporter (src/release-health/release-reach.ts). A fallback
 * counts when its `from` was served to them and its `to` is what the shell falls back to from it.
 * Crashes outside any remote (remote 'shell') are checked against the registry's `shell` entry
 * like any other remote's.
 */
function thatReached(events: ReportedEvent[], known: KnownVersions, who: Recipient, now: number) {
  return events.filter((event) => {
    if (event.type === 'fallback') {
      return (
        hasReached(known, { remote: event.remote, version: event.from, served: true }, who, now) &&
        hasReached(known, { remote: event.remote, version: event.to }, who, now)
      );
    }
    return hasReached(known, event, who, now);
  });
}

/**
 * Release-health reports from the shell (server/README.md, "Release health";
 * docs/decisions/033-release-health.md). No session is needed, but one is read: a signed-in page's
 * events count as that person's, an anonymous page's as its address's (src/release-health/reporters.ts).
 * Throttled per client address before the body is read, so a flood costs no parsing; every request
 * counts, malformed or not: nobody types these. What is stored is then capped per reporter, address,
 * version and minute (src/release-health/report-caps.ts).
 */
export function registerTelemetryRoutes(app: FastifyInstance, ctx: AppContext): void {
  const store = new ReleaseEventStore(ctx.db);
  const reporters = new ReporterIds(serverSecret(ctx.db, 'release-reporter', ctx.now()));
  const perAddress = createThrottle(
    app,
    'telemetry-address',
    ctx.throttle.telemetryPerAddress,
    clientAddress,
  );

  /** The reporter's pseudonym, and who they are as far as placing them in a rollout goes. */
  const senderOf = (request: FastifyRequest, deviceId: string | undefined) => {
    const sessionId = readSessionCookie(request);
    const userId = sessionId ? ctx.sessions.userIdOf(sessionId, ctx.now()) : undefined;
    const reporter: Reporter = userId
      ? reporters.signedIn(userId)
      : reporters.anonymous(clientAddress(request));
    const who: Recipient = { userId, role: userId ? ctx.users.get(userId)?.role : undefined, deviceId };
    return { reporter, who };
  };

  app.post(
    '/telemetry',
    {
      bodyLimit: REPORT_LIMITS.maxBodyBytes,
      onRequest: async (request) => enforce(request, [perAddress], 'reports'),
    },
    async (request, reply) => {
      const report = parseInput(reportSchema, parsedBody(request.body));
      const now = ctx.now();
      const { reporter, who } = senderOf(request, report.device);
      let known = await ctx.releaseRegistries.known(report.env);
      let events = known ? thatReached(report.events, known, who, now) : [];
      if (events.length < report.events.length) {
        // A version deployed or staged since the registry was last read: read it again (bounded by the source).
        known = await ctx.releaseRegistries.known(report.env, { refresh: true });
        events = known ? thatReached(report.events, known, who, now) : [];
      }
      const address = clientAddress(request);
      const admitted = events.filter((event) =>
        versionsOf(event).versions.every((version) =>
          admitEvent(ctx.attempts, ctx.reportCaps, {
            env: report.env,
            remote: event.remote,
            version,
            reporter: reporter.id,
            signed: reporter.signed,
            address,
          }),
        ),
      );
      store.record(
        { env: report.env, events: admitted },
        reporter,
        engineOf(request.headers['user-agent']),
        now,
      );
      return reply.code(204).send();
    },
  );
}
