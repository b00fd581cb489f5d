import { useState } from 'react';
import { saveBlob, type ExportFormat } from '../../lib/download';
import { DownloadIcon } from './icons';

type Download = (format: ExportFormat) => Promise<{ blob: Blob; filename: string | null }>;

/**
 * A staff export's two buttons side by side: the CSV and 'Descargar Excel', the same table as an .xlsx (dates as
 * dates, the header row frozen). Both files are the server's (same permission, same formula guard); one download at
 * a time, the busy one saying so. `fallbackName` (without extension) is used only if the answer names no file.
 */
export function ExportButtons({
  download,
  fallbackName,
  onError,
  csvLabel = 'Exportar CSV',
  busyLabel = 'Exportando…',
  disabled = false,
  small = false,
  testIds,
}: {
  download: Download;
  fallbackName: string;
  onError: () => void;
  csvLabel?: string;
  busyLabel?: string;
  disabled?: boolean;
  small?: boolean;
  testIds: Record<ExportFormat, string>;
}) {
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const run = async (format: ExportFormat) => {
    setBusy(format);
    try {
      const { blob, filename } = await download(format);
      saveBlob(blob, filename ?? `${fallbackName}.${format}`);
    } catch {
      onError();
    } finally {
      setBusy(null);
    }
  };
  const button = (format: ExportFormat, label: string) => (
    <button
      type="button"
      className={`btn btn--secondary${small ? ' btn--sm' : ''}`}
      onClick={() => void run(format)}
      disabled={disabled || busy !== null}
      data-testid={testIds[format]}
    >
      <DownloadIcon size={small ? 16 : 17} /> {busy === format ? busyLabel : label}
    </button>
  );
  return (
    <>
      {button('csv', csvLabel)}
      {button('xlsx', 'Descargar Excel')}
    </>
  );
}
