import { useSnapshot } from 'valtio';
import type { PersonaImportResponse } from '@shared/contracts/personas.contract';
import { CloseIcon, UploadIcon } from '../../../components/ui/icons';
import { formatCount } from '../persona-labels';
import { dismissImportResult, importState, isRunning } from '../stores/import-store';
import { Button } from '../../../components/ui/button';

/**
 * With the import modal closed: 'Importación en curso… N%' while an import runs (this tab's, one left
 * running before a reload, or a colleague's), then its outcome until seen or dismissed. It reopens the modal.
 */
export function ImportIndicator({ onOpen }: { onOpen: () => void }) {
  const { current, modalOpen, unseenResult } = useSnapshot(importState);
  const item = current as PersonaImportResponse | null;
  if (!item || modalOpen) return null;
  const running = isRunning(item);
  if (!running && !unseenResult) return null;
  const progress = Math.max(0, Math.min(100, Math.round(item.progress)));
  const text = running
    ? `Importación en curso… ${progress}%`
    : item.status === 'completed'
      ? `Importación completada: ${formatCount(item.imported)} personas importadas`
      : 'La importación no se pudo completar';
  return (
    <div
      className={`import-indicator import-indicator--${item.status}`}
      role="status"
      data-testid="import-indicator"
      data-status={item.status}
    >
      {running ? <span className="spinner import-indicator__spinner" aria-hidden="true" /> : <UploadIcon size={17} />}
      <span className="import-indicator__text">
        <strong>{text}</strong>
        <span className="import-indicator__file">{item.file_name}</span>
      </span>
      {running ? (
        <span className="import-indicator__bar" aria-hidden="true">
          <span style={{ width: `${progress}%` }} />
        </span>
      ) : null}
      <Button size="sm" onClick={onOpen} data-testid="import-indicator-open">
        {running ? 'Ver progreso' : 'Ver resultado'}
      </Button>
      {!running ? (
        <button
          type="button"
          className="import-indicator__dismiss"
          onClick={dismissImportResult}
          aria-label="Descartar aviso de importación"
        >
          <CloseIcon size={16} />
        </button>
      ) : null}
    </div>
  );
}
