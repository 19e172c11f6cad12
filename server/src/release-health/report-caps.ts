/**
 * How many release-health events are stored, per window, whatever a client sends
 * (docs/decisions/033-release-health.md, "Caps"). An event past any cap is dropped, not refused:
 * the report still answers 204, so a flood learns nothing of what counted. Counting is by distinct
 * reporters, so events beyond these caps would change no figure; the caps keep them out of the table.
 */
export interface ReportCaps {
  /** One reporter (a person, or an address's anonymous pages) about one version, per hour. */
  perReporterVersionPerHour: number;
  /**
   * Anonymous events from one client address, per minute. Signed-in events are bounded per person
   * instead: an office's staff share one address, and one flooding page there must not silence them.
   */
  anonymousPerAddressPerMinute: number;
  /** Anonymous events about one version, per minute, from every address. */
  anonymousPerVersionPerMinute: number;
  /** Anonymous events in all, per minute: a flood of them leaves room for signed-in reports. */
  anonymousPerMinute: number;
  /** Every event, per minute. */
  allPerMinute: number;
}

/**
 * A person browsing for an hour sends a page view, three vitals and perhaps a crash per page: 300
 * an hour is a page every 12 s for an hour. The per-minute caps are far above what the shell's
 * 20-event batches from a busy office make, and far below what fills the table (200,000 rows) in
 * an hour.
 */
export const DEFAULT_REPORT_CAPS: ReportCaps = {
  perReporterVersionPerHour: 300,
  anonymousPerAddressPerMinute: 600,
  anonymousPerVersionPerMinute: 600,
  anonymousPerMinute: 1_500,
  allPerMinute: 3_000,
};

/**
 * The cap on anonymous events from one address, a minute, from REPORT_CAP_ANONYMOUS_PER_ADDRESS
 * when set: a deployment behind a proxy that names no client (every report from one address), or a
 * test suite whose browsers all run on one machine. Throws naming the variable when it is not a
 * positive whole number.
 */
export function reportCapsFromEnv(env: Record<string, string | undefined>): Partial<ReportCaps> {
  const value = env.REPORT_CAP_ANONYMOUS_PER_ADDRESS?.trim();
  if (!value) return {};
  const max = Number(value);
  if (!Number.isInteger(max) || max < 1) {
    throw new Error(
      `REPORT_CAP_ANONYMOUS_PER_ADDRESS must be a whole number of events a minute, got "${value}".`,
    );
  }
  return { anonymousPerAddressPerMinute: max };
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Fixed-window counters, as the app's AttemptCounters (src/http/throttle.ts) keep them. */
export interface WindowCounters {
  /** Counts one; the count so far in the key's window. */
  incr(key: string, windowMs: number): { current: number };
}

export interface EventSubject {
  env: string;
  remote: string;
  version: string;
  reporter: string;
  signed: boolean;
  address: string;
}

/**
 * Counts one event against the caps it falls under, narrowest first, and stops at the first one it
 * is over: an event one reporter is not allowed does not use up the room its address, its version
 * or everyone else shares. False when any is over.
 */
export function admitEvent(counters: WindowCounters, caps: ReportCaps, subject: EventSubject): boolean {
  const version = `${subject.env}\u0000${subject.remote}\u0000${subject.version}`;
  const windows: [string, number, number][] = [
    [`report-reporter:${subject.reporter}\u0000${version}`, HOUR, caps.perReporterVersionPerHour],
  ];
  if (!subject.signed) {
    windows.push(
      [`report-anonymous-address:${subject.address}`, MINUTE, caps.anonymousPerAddressPerMinute],
      [`report-anonymous-version:${version}`, MINUTE, caps.anonymousPerVersionPerMinute],
      ['report-anonymous', MINUTE, caps.anonymousPerMinute],
    );
  }
  windows.push(['report-all', MINUTE, caps.allPerMinute]);
  return windows.every(([key, windowMs, max]) => counters.incr(key, windowMs).current <= max);
}
