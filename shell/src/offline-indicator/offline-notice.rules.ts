import { formatClockTime, formatLongDate } from '@promo/domain/format/clock-format';

/** A query on screen that the persister keeps (see isPersistedQuery). */
export interface ShownQuery {
  /** epoch ms; 0 when it has no data */
  dataUpdatedAt: number;
  /** epoch ms of its last failed fetch; 0 if none */
  errorUpdatedAt: number;
  /** A fetch of it is under way. */
  fetching?: boolean;
}

export type OfflineNotice =
  /** navigator.onLine is false. */
  | { kind: 'offline'; asAt: number | undefined }
  /**
   * Online, but the server is not reachable: the saved data on screen could not be refreshed, or
   * the session check could not reach it (asAt then undefined when nothing saved is on screen).
   */
  | { kind: 'unreachable'; asAt: number | undefined }
  /**
   * Online, saved data from an earlier visit is on screen while its fresh copy is on the way: a
   * return visit draws the saved copy first (docs/decisions/009-offline-and-updates.md).
   */
  | { kind: 'updating' };

/**
 * Whether to show the offline indicator, and the "as at" time: when the oldest data on screen was
 * fetched. Online, it shows only when saved data from an earlier visit is on screen and refreshing it
 * failed, or when the session check could not reach the server; while that saved data is being
 * refreshed it says so quietly ('updating'); fresh data needs no notice.
 */
export function offlineNotice(input: {
  online: boolean;
  /** epoch ms the page started: data fetched before it came from the persisted cache */
  startedAt: number;
  shown: readonly ShownQuery[];
  /** The last session check was online but could not reach the server (SessionState). */
  sessionUnreachable?: boolean;
}): OfflineNotice | undefined {
  const withData = input.shown.filter((query) => query.dataUpdatedAt > 0);
  const asAt = withData.length > 0 ? Math.min(...withData.map((query) => query.dataUpdatedAt)) : undefined;
  if (!input.online) return { kind: 'offline', asAt };
  const savedAndStale = withData.some(
    (query) => query.dataUpdatedAt < input.startedAt && query.errorUpdatedAt > query.dataUpdatedAt,
  );
  if (savedAndStale || input.sessionUnreachable) return { kind: 'unreachable', asAt };
  if (withData.some((query) => query.dataUpdatedAt < input.startedAt && query.fetching))
    return { kind: 'updating' };
  return undefined;
}

/** e.g. '10:32 AM on 12 May 2026' */
export const formatAsAt = (epochMs: number) => {
  const date = new Date(epochMs);
  return `${formatClockTime(date)} on ${formatLongDate(date)}`;
};

/** The update times of the queries in a snapshot of shownKeptQueries (shown-queries.ts). */
export function parseShownQueries(snapshot: string): ShownQuery[] {
  if (snapshot === '') return [];
  return snapshot.split(',').map((entry) => {
    const [dataUpdatedAt = 0, errorUpdatedAt = 0, fetching = 0] = entry.split('/').map(Number);
    return { dataUpdatedAt, errorUpdatedAt, fetching: fetching === 1 };
  });
}
