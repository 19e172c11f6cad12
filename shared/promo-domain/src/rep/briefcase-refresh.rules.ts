/*
 * When the rep's kept customers are refreshed by themselves (docs/decisions/047-rep-briefcase.md).
 * A module of its own: every rep page checks it, and none of them carries the download's code.
 */

/** Kept customers older than this are refreshed by themselves once the device is online. */
export const BRIEFCASE_REFRESH_AFTER_MS = 4 * 60 * 60 * 1000;

/** Whether customers kept as at `asAt` are due a refresh: older than BRIEFCASE_REFRESH_AFTER_MS. */
export const isRefreshDue = (asAt: number, now: number) => now - asAt > BRIEFCASE_REFRESH_AFTER_MS;
