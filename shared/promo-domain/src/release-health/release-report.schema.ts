import { z } from 'zod';
import { REMOTE_NAMES } from '../paths';
import { REPORT_LIMITS } from './release-report';

/**
 * What the shell sends to `POST /api/v1/telemetry` (server/README.md, "Release health"): facts
 * about the remote versions a browser ran, declared once. The server validates with these schemas;
 * the shell's types are inferred from them and imported as types only, so no route bundles zod.
 *
 * The body names no user, account, session or concrete URL: a route is its template
 * (`/promotions/:promotionId`), and the browser's engine is read by the server from the User-Agent
 * header, reduced to its name and major version. Who reported is the server's to derive (a
 * pseudonym of the signed-in user, or of the address), never the body's; the body's `device` only
 * says which versions this browser was served.
 */

const remote = z.enum(REMOTE_NAMES);
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

const webVitalName = z.enum(['LCP', 'INP', 'CLS']);
export type WebVitalName = z.infer<typeof webVitalName>;

export const reportedEventSchema = z.discriminatedUnion('type', [
  /** A remote version's routes module loaded and rendered a page. */
  z.strictObject({ type: z.literal('page-view'), remote, version, route }),
  /** A version's manifest, entry or exposed module did not load or threw while evaluating. */
  z.strictObject({
    type: z.literal('load-failure'),
    remote,
    version,
    stage: z.enum(['manifest', 'entry', 'module']),
    message: text(REPORT_LIMITS.maxMessage),
  }),
  /** The shell served `to` (the last good version) instead of `from` for a page view. */
  z.strictObject({ type: z.literal('fallback'), remote, from: version, to: version }),
  /** A page threw while rendering; `stack` is its first frames only. */
  z.strictObject({
    type: z.literal('crash'),
    remote: z.union([remote, z.literal('shell')]),
    version,
    route,
    name: text(100),
    message: text(REPORT_LIMITS.maxMessage),
    stack: text(REPORT_LIMITS.maxStack),
  }),
  /** One Core Web Vital of the document's load: ms for LCP and INP, a unitless score for CLS. */
  z.strictObject({
    type: z.literal('vital'),
    remote,
    version,
    route,
    name: webVitalName,
    // An hour in ms for LCP and INP; CLS scores are far smaller. Anything beyond is not a measurement.
    value: z.number().finite().min(0).max(3_600_000),
  }),
]);
export type ReportedEvent = z.infer<typeof reportedEventSchema>;

export const releaseReportSchema = z.strictObject({
  /** The environment id the shell runs in ('local', 'bnt-stage'); the server also checks it is one of its own. */
  env: z
    .string()
    .max(40)
    .regex(/^[a-z0-9][a-z0-9-]*$/, 'Not an environment id'),
  events: z.array(reportedEventSchema).min(1, 'Required').max(REPORT_LIMITS.maxEvents),
  /**
   * The browser's rollout id, which places it in staged rollouts of the remotes anyone opens
   * (rolloutKey in environments/release-placement.ts): the server checks that a version was served
   * to this browser before it counts. Kept by no one: it is not stored with the events.
   */
  device: z
    .string()
    .max(64)
    .regex(/^[0-9A-Za-z.-]+$/, 'Not a device id')
    .optional(),
});
export type ReleaseReport = z.infer<typeof releaseReportSchema>;
