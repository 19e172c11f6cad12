import type { RemoteName } from '../paths';

/**
 * What the shell sends to `POST /api/v1/telemetry` (server/README.md, "Release health"): facts
 * about the remote versions a browser ran. The body names no user, account, session or concrete
 * URL: a route is its template (`/promotions/:promotionId`), and the browser's engine is read by the
 * server from the User-Agent header, reduced to its name and major version. Who reported is the
 * server's to derive (a pseudonym of the signed-in user, or of the address), never the body's.
 */
export interface ReleaseReport {
  /** The environment id the shell runs in ('local', 'bnt-stage'). */
  env: string;
  events: ReportedEvent[];
}

export type WebVitalName = 'LCP' | 'INP' | 'CLS';

export type ReportedEvent =
  /** A remote version's routes module loaded and rendered a page. */
  | { type: 'page-view'; remote: RemoteName; version: string; route: string }
  /** A version's manifest, entry or exposed module did not load or threw while evaluating. */
  | {
      type: 'load-failure';
      remote: RemoteName;
      version: string;
      stage: 'manifest' | 'entry' | 'module';
      message: string;
    }
  /** The shell served `to` (the last good version) instead of `from` for a page view. */
  | { type: 'fallback'; remote: RemoteName; from: string; to: string }
  /** A page threw while rendering; `stack` is its first frames only. */
  | {
      type: 'crash';
      remote: RemoteName | 'shell';
      version: string;
      route: string;
      name: string;
      message: string;
      stack: string;
    }
  /** One Core Web Vital of the document's load: ms for LCP and INP, a unitless score for CLS. */
  | { type: 'vital'; remote: RemoteName; version: string; route: string; name: WebVitalName; value: number };

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
