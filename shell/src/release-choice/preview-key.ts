/**
 * Remembers the preview a link asked for (?preview=customer@1.4.2[&token=…]) for the tab's life. A
 * module of its own: runtime-config.ts reads it at every start to decide whether to load
 * release-choice.ts, which stays out of the start-up chunk.
 */
export const PREVIEW_KEY = 'ezy-preview';
