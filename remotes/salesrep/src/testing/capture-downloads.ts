import { vi } from 'vitest';

/**
 * Catches the files an export hands to the browser (an object URL clicked as a download link), so
 * a test can read their names and contents instead of the browser saving them.
 */
export function captureDownloads() {
  const blobs: Blob[] = [];
  URL.createObjectURL = vi.fn((blob: Blob) => {
    blobs.push(blob);
    return `blob:download-${blobs.length}`;
  });
  URL.revokeObjectURL = vi.fn();
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  return {
    /** The download names of the links clicked, in order. */
    names: () => click.mock.contexts.map((link) => (link as HTMLAnchorElement).download),
    /** The text of each file, in order, without the byte order mark, split into lines. */
    lines: async () =>
      Promise.all(blobs.map(async (blob) => (await blob.text()).replace(/^\uFEFF/, '').split('\r\n'))),
  };
}
