import { useId, useRef, useState, type DragEvent } from 'react';
import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import type { PersonaImportResponse } from '@shared/contracts/personas.contract';
import { Alert } from '../../../components/ui/alert';
import { ExportButtons } from '../../../components/ui/export-buttons';
import { FileIcon, UploadIcon } from '../../../components/ui/icons';
import { Modal } from '../../../components/ui/modal';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { errorMessage } from '../../../lib/api-client';
import { IMPORT_CSV_MAX_BYTES, IMPORT_ERRORS_PREVIEW } from '../../../lib/constants';
import { downloadImportErrors } from '../api/download-import-errors';
import { importCsv } from '../api/import-csv';
import { formatCount, formatFileSize } from '../persona-labels';
import { dismissImportResult, importState, isRunning, trackUpload } from '../stores/import-store';
import { Button } from '../../../components/ui/button';

export const CSV_INVALID = 'Por favor selecciona un archivo CSV válido';
export const CSV_TOO_LARGE = 'El archivo no debe superar los 10MB';
export const CSV_MISSING = 'Por favor selecciona un archivo CSV';
const IMPORT_FAILED = 'Error al importar el archivo CSV';

/** The browser's checks of spec 3 §5 (the server checks name, size, encoding and header again). */
export function csvProblem(file: File): string | null {
  if (!/\.csv$/i.test(file.name)) return CSV_INVALID;
  if (file.size > IMPORT_CSV_MAX_BYTES) return CSV_TOO_LARGE;
  return null;
}

function ImportProgress({ item }: { item: PersonaImportResponse }) {
  const progress = item.status === 'completed' ? 100 : item.progress;
  const label = item.status === 'queued' ? 'En cola…' : 'Importando…';
  return (
    <div className="import-progress" data-testid="import-progress" data-status={item.status}>
      <div className="import-progress__head">
        <span className="import-progress__file">
          <FileIcon size={16} /> {item.file_name}
        </span>
        <span className="import-progress__value" data-testid="import-progress-value">
          {Math.round(progress)}%
        </span>
      </div>
      <ProgressBar
        percent={progress}
        tone={item.status === 'failed' ? 'red' : 'green'}
        label="Progreso de la importación"
        testId="import-bar"
      />
      {isRunning(item) ? (
        <p className="import-progress__text" aria-live="polite">
          {label}
          {item.processed > 0 ? ` ${formatCount(item.processed)} filas leídas.` : ''}
        </p>
      ) : null}
    </div>
  );
}

function ImportResult({ item }: { item: PersonaImportResponse }) {
  const [downloadFailed, setDownloadFailed] = useState(false);
  const shown = item.errors.slice(0, IMPORT_ERRORS_PREVIEW);

  return (
    <div className="import-result" role="status" data-testid="import-result">
      <h3 className="import-result__title">Importación completada</h3>
      <p className="import-result__summary" data-testid="import-summary">
        importadas {formatCount(item.imported)}, omitidas por duplicado {formatCount(item.skipped)}, por revisar{' '}
        {formatCount(item.por_revisar ?? 0)}
      </p>
      {(item.por_revisar ?? 0) > 0 || item.skipped > 0 ? (
        <p>
          <Link to={`/personas/duplicados?importacion=${item.import_id}`} data-testid="import-open-review">
            Revisar filas omitidas y por revisar
          </Link>
        </p>
      ) : null}
      <dl className="import-result__figures">
        <div>
          <dt>Importados</dt>
          <dd data-testid="import-imported">{formatCount(item.imported)}</dd>
        </div>
        <div>
          <dt>Duplicados omitidos</dt>
          <dd data-testid="import-skipped">{formatCount(item.skipped)}</dd>
        </div>
        <div>
          <dt>Por revisar</dt>
          <dd data-testid="import-review">{formatCount(item.por_revisar ?? 0)}</dd>
        </div>
        <div>
          <dt>Total procesado</dt>
          <dd data-testid="import-total">{formatCount(item.total ?? item.processed)}</dd>
        </div>
      </dl>
      {item.errors_count > 0 ? (
        <div className="import-result__errors" data-testid="import-errors">
          <p className="import-result__errors-title">
            {item.errors_count === 1 ? '1 fila no se importó:' : `${formatCount(item.errors_count)} filas no se importaron:`}
          </p>
          <ul>
            {shown.map((error) => (
              <li key={`${error.row}-${error.message}`}>
                Fila {error.row}: {error.message}
              </li>
            ))}
          </ul>
          {item.errors_count > shown.length ? (
            <p className="muted">y {formatCount(item.errors_count - shown.length)} más en el archivo de errores.</p>
          ) : null}
          <div className="import-result__downloads">
            <ExportButtons
              download={(format) => {
                setDownloadFailed(false);
                return downloadImportErrors(item.import_id, format);
              }}
              fallbackName={`errores_importacion_${item.import_id.slice(0, 8)}`}
              onError={() => setDownloadFailed(true)}
              csvLabel="Descargar errores"
              busyLabel="Descargando..."
              small
              testIds={{ csv: 'import-download-errors', xlsx: 'import-download-errors-xlsx' }}
            />
          </div>
          {downloadFailed ? <p className="field__error">No se pudo descargar el archivo de errores.</p> : null}
        </div>
      ) : null}
    </div>
  );
}

/**
 * 'Importar CSV' (spec 3 §2.5): the format box, a .csv picker (click or drop), the browser's checks,
 * then the upload (202) and the worker's real progress, pushed live; the result or the error at the
 * end. Closing while it runs leaves the import going (the page shows its progress).
 */
export function ImportCsvModal({ onClose }: { onClose: () => void }) {
  const { current } = useSnapshot(importState);
  const item = current as PersonaImportResponse | null;
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [dragging, setDragging] = useState(false);

  const running = uploading || isRunning(item);
  const finished = item !== null && !isRunning(item);

  const choose = (selected: File | undefined | null) => {
    if (!selected) return;
    setUploadError(null);
    // A new file: the previous import's result gives way.
    if (finished) dismissImportResult();
    const issue = csvProblem(selected);
    if (issue) {
      setProblem(issue);
      setFile(null);
      if (inputRef.current) inputRef.current.value = '';
      return;
    }
    setProblem(null);
    setFile(selected);
  };

  const handleDrop = (e: DragEvent<HTMLLabelElement>) => {
    e.preventDefault();
    setDragging(false);
    if (running) return;
    choose(e.dataTransfer.files?.[0]);
  };

  const handleImport = async () => {
    if (running) return;
    if (!file) {
      setProblem(CSV_MISSING);
      return;
    }
    setUploading(true);
    setUploadError(null);
    setProblem(null);
    try {
      const started = await importCsv(file);
      trackUpload(started);
      setFile(null);
      if (inputRef.current) inputRef.current.value = '';
    } catch (error) {
      setUploadError(errorMessage(error, IMPORT_FAILED));
    } finally {
      setUploading(false);
    }
  };

  const failedMessage = item?.status === 'failed' ? item.message || IMPORT_FAILED : null;
  const errorText = uploadError ?? failedMessage;

  return (
    <Modal title="Importar CSV" onClose={onClose} testId="import-modal">
      <div className="import-modal">
        <div className="import-format" data-testid="import-format">
          <h3 className="import-format__title">Formato requerido</h3>
          <ul>
            <li>
              La primera fila es el encabezado: <code>nombre,contacto</code>
            </li>
            <li>
              <strong>nombre</strong>: el nombre completo de la persona.
            </li>
            <li>
              <strong>contacto</strong>: el teléfono (10 dígitos).
            </li>
            <li>Codificación UTF-8 o ISO-8859-1.</li>
            <li>Tamaño máximo: 10 MB.</li>
          </ul>
        </div>

        <div className="field">
          <input
            ref={inputRef}
            id={inputId}
            className="visually-hidden dropzone__input"
            type="file"
            accept=".csv,text/csv"
            disabled={running}
            onChange={(e) => choose(e.target.files?.[0])}
            aria-describedby={`${inputId}-hint`}
            aria-invalid={problem ? true : undefined}
            data-testid="import-file-input"
          />
          <label
            htmlFor={inputId}
            className={`dropzone ${dragging ? 'dropzone--over' : ''} ${running ? 'dropzone--disabled' : ''}`}
            onDragOver={(e) => {
              e.preventDefault();
              if (!running) setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={handleDrop}
            data-testid="import-dropzone"
          >
            <UploadIcon size={26} />
            <span className="dropzone__title">{file ? 'Cambiar archivo' : 'Selecciona un archivo CSV'}</span>
            <span className="dropzone__hint" id={`${inputId}-hint`}>
              o arrástralo aquí (.csv, máximo 10 MB)
            </span>
          </label>
          {file ? (
            <p className="dropzone__file" data-testid="import-file">
              <FileIcon size={16} /> <span className="dropzone__file-name">{file.name}</span>{' '}
              <span className="muted">({formatFileSize(file.size)})</span>
            </p>
          ) : null}
          {problem ? (
            <p className="field__error" role="alert" data-testid="import-file-error">
              {problem}
            </p>
          ) : null}
        </div>

        {uploading ? (
          <p className="import-progress__text" aria-live="polite" data-testid="import-uploading">
            Subiendo archivo…
          </p>
        ) : null}
        {item ? <ImportProgress item={item} /> : null}
        {item && isRunning(item) ? <p className="field__hint">La importación continúa aunque cierres esta ventana.</p> : null}
        {item?.status === 'completed' ? <ImportResult key={item.import_id} item={item} /> : null}
        {errorText ? (
          <Alert kind="error" testId="import-error">
            {errorText}
          </Alert>
        ) : null}

        <div className="form-actions">
          <Button variant="ghost" onClick={onClose} data-testid="import-close">
            {running || finished ? 'Cerrar' : 'Cancelar'}
          </Button>
          <Button variant="primary" onClick={() => void handleImport()} disabled={running} data-testid="import-submit">
            <UploadIcon size={17} /> {running ? 'Importando...' : 'Importar'}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
