/** Saves a downloaded file in the browser (an object URL clicked through a temporary link). */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked a little later: some browsers read the URL after click() returns.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The two formats of every staff export: the CSV and the same table in Excel (the server writes both). */
export type ExportFormat = 'csv' | 'xlsx';

/** The route of an export in a format: the CSV's own path, or the same path ending in `.xlsx`. */
export function exportPath(csvPath: string, format: ExportFormat): string {
  return format === 'xlsx' ? `${csvPath}.xlsx` : csvPath;
}
