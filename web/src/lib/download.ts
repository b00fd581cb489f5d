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
