import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { ImportDuplicateRow } from '@shared/contracts/personas.contract';
import { Alert } from '../../../components/ui/alert';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { decideImportRow } from '../api/decide-import-row';
import { formatPhone } from '../persona-labels';
import { importReviewState, loadImportReview, resetImportReview } from '../stores/import-review-store';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';

const ESTADO_LABELS: Record<ImportDuplicateRow['estado'], string> = {
  pendiente: 'Por revisar',
  creada: 'Creada',
  descartada: 'Descartada',
};

/**
 * The review list of one CSV import (opened from its result): the rows skipped because they certainly are a stored
 * person, by name; the rows that probably are one, each with 'Crear', 'Descartar' (who may import) and 'Fusionar'
 * (who may merge: a pending row is created first, then merged with the person it matched).
 */
export function ImportReview({
  importId,
  canDecide,
  canMerge,
  onMerge,
}: {
  importId: string;
  canDecide: boolean;
  canMerge: boolean;
  onMerge: (ids: [number, number]) => void;
}) {
  const state = useSnapshot(importReviewState);
  const [busy, setBusy] = useState<number | null>(null);

  useEffect(() => {
    void loadImportReview(importId);
    return resetImportReview;
  }, [importId]);

  const decide = async (row: ImportDuplicateRow, accion: 'crear' | 'descartar') => {
    setBusy(row.fila);
    try {
      const answer = await decideImportRow(importId, row.fila, accion);
      toast.success(answer.message || (accion === 'crear' ? 'Persona creada exitosamente' : 'Fila descartada'));
      void loadImportReview();
      return answer.fila;
    } catch (error) {
      toast.error(errorMessage(error, 'No se pudo revisar la fila'));
      return null;
    } finally {
      setBusy(null);
    }
  };

  const merge = async (row: ImportDuplicateRow) => {
    if (!row.persona) return;
    const created = row.estado === 'creada' ? row : await decide(row, 'crear');
    if (created?.creada_id) onMerge([row.persona.id, created.creada_id]);
  };

  const porRevisar = state.porRevisar as ImportDuplicateRow[];
  const omitidas = state.omitidas as ImportDuplicateRow[];
  return (
    <Card title="Revisión de la importación" className="import-review" testId="import-review-list">
      {state.error ? <Alert kind="error">{state.error}</Alert> : null}
      {!state.loaded && state.loading ? <Spinner label="Cargando la revisión..." /> : null}
      {state.loaded ? (
        <>
          <h3 className="merge__heading">Por revisar ({porRevisar.length})</h3>
          {porRevisar.length === 0 ? (
            <p className="empty">No hay filas por revisar.</p>
          ) : (
            <ul className="duplicates">
              {porRevisar.map((row) => (
                <li key={row.fila} className="duplicate" data-testid="import-review-row">
                  <p className="duplicate__score">
                    Fila {row.fila}: <strong>{row.nombre_completo}</strong>
                    {row.telefono_celular ? `, ${formatPhone(row.telefono_celular)}` : ''} — {ESTADO_LABELS[row.estado]}
                  </p>
                  <p>
                    Parece ser {row.persona ? <strong>{row.persona.nombre_completo}</strong> : 'una persona que ya no existe'} ({row.score}{' '}
                    / 100: {row.reasons.join(', ')}).
                  </p>
                  <div className="duplicate__actions">
                    {canDecide && row.estado === 'pendiente' ? (
                      <>
                        <Button size="sm" disabled={busy !== null} onClick={() => void decide(row, 'descartar')}>
                          Descartar
                        </Button>
                        <Button size="sm" disabled={busy !== null} onClick={() => void decide(row, 'crear')}>
                          Crear
                        </Button>
                      </>
                    ) : null}
                    {canMerge &&
                    row.persona &&
                    (row.estado === 'creada' ? row.creada_id !== null : canDecide && row.estado === 'pendiente') ? (
                      <Button
                        variant="primary"
                        size="sm"
                        disabled={busy !== null}
                        onClick={() => void merge(row)}
                        aria-label={`Fusionar la fila ${row.fila} con ${row.persona.nombre_completo}`}
                        data-testid="import-review-merge"
                      >
                        Fusionar
                      </Button>
                    ) : null}
                  </div>
                </li>
              ))}
            </ul>
          )}
          <h3 className="merge__heading">Omitidas por duplicado ({omitidas.length})</h3>
          {omitidas.length === 0 ? (
            <p className="empty">Ninguna fila se omitió.</p>
          ) : (
            <ul>
              {omitidas.map((row) => (
                <li key={row.fila}>
                  Fila {row.fila}: {row.nombre_completo} — ya existe como {row.persona?.nombre_completo ?? 'una persona eliminada después'}{' '}
                  ({row.reasons.join(', ')})
                </li>
              ))}
            </ul>
          )}
        </>
      ) : null}
    </Card>
  );
}
