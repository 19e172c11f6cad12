/**
 * The limits of what the shell sends to `POST /api/v1/telemetry` (server/README.md, "Release
 * health"), apart from the body's schema (release-report.schema.ts) so that the shell, which cuts
 * its reports to them, never bundles zod.
 */

/** The server refuses a report with more events (400) or a larger body (413). */
export const REPORT_LIMITS = {
  maxEvents: 50,
  /** bytes */
  maxBodyBytes: 32 * 1024,
  /** Characters kept of an error's message; the shell cuts before sending. */
  maxMessage: 300,
  /** Characters kept of a stack (its first frames). */
  maxStack: 1200,
} as const;
