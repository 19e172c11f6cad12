import { readStoredJson, userDataKey, writeStoredJson } from '../device-storage';

/**
 * What the rep's pages and sign-out know of the briefcase without opening its database or loading
 * its code:
 * when the kept customers are from, and whether views made offline wait to be sent. A small
 * record in localStorage under the user's prefix, so signing out removes it with the briefcase.
 */
export interface BriefcaseMarker {
  keptAt: number | null;
  viewsQueued: boolean;
}

const MARKER_KEY = userDataKey('briefcase');

export const readBriefcaseMarker = (): BriefcaseMarker =>
  readStoredJson<BriefcaseMarker>('local', MARKER_KEY) ?? { keptAt: null, viewsQueued: false };

export function markBriefcase(change: Partial<BriefcaseMarker>): void {
  writeStoredJson('local', MARKER_KEY, { ...readBriefcaseMarker(), ...change });
}
