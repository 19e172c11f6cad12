import { describe, expect, it } from 'vitest';
import { formatAsAt, offlineNotice } from './offline-notice.rules';

const startedAt = 1_000_000;

describe('offlineNotice', () => {
  it('shows the offline notice with the time of the oldest data on screen', () => {
    expect(
      offlineNotice({
        online: false,
        startedAt,
        shown: [
          { dataUpdatedAt: 900_000, errorUpdatedAt: 0 },
          { dataUpdatedAt: 800_000, errorUpdatedAt: 0 },
        ],
      }),
    ).toEqual({ kind: 'offline', asAt: 800_000 });
  });

  it('shows the offline notice without a time when nothing saved is on screen', () => {
    expect(offlineNotice({ online: false, startedAt, shown: [] })).toEqual({
      kind: 'offline',
      asAt: undefined,
    });
    expect(
      offlineNotice({ online: false, startedAt, shown: [{ dataUpdatedAt: 0, errorUpdatedAt: 0 }] }),
    ).toEqual({ kind: 'offline', asAt: undefined });
  });

  it('shows nothing online while the data is fresh or still refreshing', () => {
    expect(
      offlineNotice({ online: true, startedAt, shown: [{ dataUpdatedAt: 1_100_000, errorUpdatedAt: 0 }] }),
    ).toBeUndefined();
    expect(
      offlineNotice({ online: true, startedAt, shown: [{ dataUpdatedAt: 900_000, errorUpdatedAt: 0 }] }),
    ).toBeUndefined();
  });

  it('says quietly that saved data from an earlier visit is being refreshed, and nothing once it is', () => {
    expect(
      offlineNotice({
        online: true,
        startedAt,
        shown: [
          { dataUpdatedAt: 900_000, errorUpdatedAt: 0, fetching: true },
          { dataUpdatedAt: 1_100_000, errorUpdatedAt: 0 },
        ],
      }),
    ).toEqual({ kind: 'updating' });
    // Fetched on this visit and refetched again: nothing saved is on screen.
    expect(
      offlineNotice({
        online: true,
        startedAt,
        shown: [{ dataUpdatedAt: 1_100_000, errorUpdatedAt: 0, fetching: true }],
      }),
    ).toBeUndefined();
    // Offline, the saved copy is what there is: the offline notice, not "updating".
    expect(
      offlineNotice({
        online: false,
        startedAt,
        shown: [{ dataUpdatedAt: 900_000, errorUpdatedAt: 0, fetching: true }],
      }),
    ).toEqual({ kind: 'offline', asAt: 900_000 });
  });

  it('says the server is unreachable when saved data could not be refreshed online', () => {
    expect(
      offlineNotice({
        online: true,
        startedAt,
        shown: [{ dataUpdatedAt: 900_000, errorUpdatedAt: 1_050_000 }],
      }),
    ).toEqual({ kind: 'unreachable', asAt: 900_000 });
  });

  it('says the server is unreachable when the session check could not reach it, with or without saved data', () => {
    expect(offlineNotice({ online: true, startedAt, shown: [], sessionUnreachable: true })).toEqual({
      kind: 'unreachable',
      asAt: undefined,
    });
    expect(
      offlineNotice({
        online: true,
        startedAt,
        shown: [{ dataUpdatedAt: 900_000, errorUpdatedAt: 0 }],
        sessionUnreachable: true,
      }),
    ).toEqual({ kind: 'unreachable', asAt: 900_000 });
  });

  it('shows nothing online when data fetched in this visit later failed to refresh', () => {
    expect(
      offlineNotice({
        online: true,
        startedAt,
        shown: [{ dataUpdatedAt: 1_100_000, errorUpdatedAt: 1_200_000 }],
      }),
    ).toBeUndefined();
  });
});

describe('formatAsAt', () => {
  it('gives the time and the date', () => {
    expect(formatAsAt(new Date(2026, 4, 12, 10, 32).getTime())).toBe('10:32 AM on 12 May 2026');
  });
});
