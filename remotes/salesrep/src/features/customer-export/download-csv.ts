import { CSV_BOM } from '@promo/domain/rep/csv';

/** Hands a CSV file to the browser as a download, with the byte order mark Excel needs for UTF-8. */
export function downloadCsv(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([CSV_BOM, text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled, so that the download can start.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
