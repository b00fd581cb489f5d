import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import type { DuplicatePair, DuplicatePersona } from '@shared/contracts/personas.contract';
import { ROOMS } from '@shared/events/socket-events';
import { Alert } from '../../../components/ui/alert';
import { PageHeader } from '../../../components/ui/page-header';
import { Pagination } from '../../../components/ui/pagination';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useSession } from '../../../lib/auth';
import { useDocumentTitle } from '../../../lib/config';
import { personasRights } from '../../../lib/permissions';
import { toast } from '../../../lib/toast';
import { dismissDuplicate } from '../api/dismiss-duplicate';
import { undoMerge } from '../api/undo-merge';
import { ImportReview } from './import-review';
import { MergeModal, type MergeDone } from './merge-modal';
import { DuplicatesLiveEffect } from '../live/duplicates-live-effect';
import { formatCount } from '../persona-labels';
import { duplicatesState, loadDuplicates, resetDuplicates } from '../stores/duplicates-store';
import '../personas.css';
import { Button } from '../../../components/ui/button';

const dash = (v: string | null) => v || '-';

function PersonaSide({ persona, label }: { persona: DuplicatePersona; label: string }) {
  return (
    <div className="duplicate__side">
      <h3 className="duplicate__name">
        <span className="visually-hidden">{label}: </span>
        {persona.nombre_completo}
      </h3>
      <dl className="duplicate__fields">
        <dt>Celular</dt>
        <dd>{dash(persona.telefono_celular)}</dd>
        <dt>Correo</dt>
        <dd>{dash(persona.correo_electronico)}</dd>
        <dt>Nacimiento</dt>
        <dd>{persona.fecha_nacimiento ? new Date(`${persona.fecha_nacimiento}T12:00:00`).toLocaleDateString('es-MX') : '-'}</dd>
        <dt>Empresa</dt>
        <dd>{dash(persona.empresa)}</dd>
      </dl>
    </div>
  );
}

function PairCard({
  pair,
  canDismiss,
  canMerge,
  busy,
  onDismiss,
  onMerge,
}: {
  pair: DuplicatePair;
  canDismiss: boolean;
  canMerge: boolean;
  busy: boolean;
  onDismiss: () => void;
  onMerge: () => void;
}) {
  const [a, b] = pair.personas;
  const titleId = `pair-${a.id}-${b.id}`;
  return (
    <li className="card duplicate" aria-labelledby={titleId} data-testid="duplicate-pair">
      <div className="duplicate__head">
        <p className="duplicate__score" id={titleId}>
          <strong>{pair.score}</strong> / 100{' '}
          <span className="visually-hidden">
            de coincidencia entre {a.nombre_completo} y {b.nombre_completo}
          </span>
        </p>
        <ul className="duplicate__reasons" aria-label="Motivos">
          {pair.reasons.map((reason) => (
            <li key={reason} className="chip">
              {reason}
            </li>
          ))}
        </ul>
      </div>
      <div className="duplicate__sides">
        <PersonaSide persona={a} label="Persona 1" />
        <PersonaSide persona={b} label="Persona 2" />
      </div>
      {canDismiss || canMerge ? (
        <div className="duplicate__actions">
          {canDismiss ? (
            <Button size="sm" onClick={onDismiss} disabled={busy} data-testid="dismiss-duplicate">
              {busy ? 'Guardando...' : 'No es duplicado'}
            </Button>
          ) : null}
          {canMerge ? (
            <Button
              variant="primary"
              size="sm"
              onClick={onMerge}
              disabled={busy}
              data-testid="merge-duplicate"
              aria-label={`Fusionar a ${a.nombre_completo} y ${b.nombre_completo}`}
            >
              Fusionar
            </Button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

/** What a merge moved, in one sentence. */
function movedText(done: MergeDone): string {
  const m = done.movidos;
  const parts = [`${m.invitaciones} invitación(es) a eventos internos`];
  if (m.asientos) parts.push(`${m.asientos} asiento(s)`);
  if (m.invitaciones_liberadas) parts.push(`${m.invitaciones_liberadas} invitación(es) repetida(s) liberada(s)`);
  return `Pasaron a ${done.nombre}: ${parts.join(', ')}.`;
}

/**
 * 'Posibles duplicados': every pair above the score setting, best first, 10 per page, with why it
 * matched; live as people are added, edited or set aside. 'No es duplicado' needs edit; 'Fusionar' needs edit and
 * delete, and leaves a status with 'Deshacer' until the next merge or until the screen is left.
 */
export function DuplicatesPage() {
  useDocumentTitle('Posibles duplicados');
  const { user } = useSession();
  const state = useSnapshot(duplicatesState);
  const [busy, setBusy] = useState<string | null>(null);
  const rights = personasRights(user);
  const canDismiss = rights.edit;
  const canMerge = rights.edit && rights.delete;
  const [merging, setMerging] = useState<number[] | null>(null);
  const [merged, setMerged] = useState<MergeDone | null>(null);
  const [undone, setUndone] = useState<string | null>(null);
  const [undoing, setUndoing] = useState(false);
  const statusRef = useRef<HTMLDivElement>(null);
  const [params] = useSearchParams();
  const importId = params.get('importacion');

  // After the modal closes (its pair leaves the list), focus goes to the result and its 'Deshacer'.
  useEffect(() => {
    if (merged || undone) statusRef.current?.focus();
  }, [merged, undone]);

  const handleMerged = (done: MergeDone) => {
    setMerging(null);
    setUndone(null);
    setMerged(done);
    void loadDuplicates();
  };

  const handleUndo = async () => {
    if (!merged) return;
    setUndoing(true);
    try {
      const answer = await undoMerge(merged.id);
      setMerged(null);
      setUndone(answer.message || 'Fusión deshecha');
      void loadDuplicates();
    } catch (error) {
      toast.error(errorMessage(error, 'No se pudo deshacer la fusión'));
    } finally {
      setUndoing(false);
    }
  };

  useEffect(() => {
    void loadDuplicates(1);
    return resetDuplicates;
  }, []);

  const handleDismiss = async (pair: DuplicatePair) => {
    const key = `${pair.personas[0].id}-${pair.personas[1].id}`;
    setBusy(key);
    try {
      const answer = await dismissDuplicate([pair.personas[0].id, pair.personas[1].id]);
      toast.success(answer.message || 'Marcadas como personas distintas');
      void loadDuplicates();
    } catch (error) {
      toast.error(errorMessage(error, 'No se pudo marcar el par'));
    } finally {
      setBusy(null);
    }
  };

  const pairs = state.pairs as DuplicatePair[];
  return (
    <div className="personas-page">
      <DuplicatesLiveEffect />
      <PageHeader
        title="Posibles duplicados"
        subtitle={`Pares de personas que podrían ser la misma, con puntaje de ${state.minScore || 50} o más, el más probable primero.`}
        room={ROOMS.personas}
        actions={
          <Link className="btn btn--secondary" to="/personas">
            Volver a personas
          </Link>
        }
      />
      {merged ? (
        <div className="alert alert--success merge-status" role="status" tabIndex={-1} ref={statusRef} data-testid="merge-status">
          <p>
            {merged.message || 'Personas fusionadas'}: {merged.fusionadas.join(', ')} en {merged.nombre}. {movedText(merged)}
          </p>
          <Button size="sm" onClick={() => void handleUndo()} disabled={undoing} data-testid="merge-undo">
            {undoing ? 'Deshaciendo...' : 'Deshacer'}
          </Button>
        </div>
      ) : undone ? (
        <div className="alert alert--success merge-status" role="status" tabIndex={-1} ref={statusRef} data-testid="merge-status">
          <p>{undone}: las personas volvieron con sus invitaciones y asientos.</p>
        </div>
      ) : null}
      {importId ? <ImportReview importId={importId} canDecide={rights.import} canMerge={canMerge} onMerge={setMerging} /> : null}
      <section aria-labelledby="duplicates-title">
        <div className="personas-list__header">
          <h2 className="card__title" id="duplicates-title">
            Pares por revisar
          </h2>
          {state.loaded ? (
            <span className="counter" data-testid="duplicates-total">
              {formatCount(state.total)}
            </span>
          ) : null}
        </div>
        {state.error ? <Alert kind="error">{state.error}</Alert> : null}
        {!state.loaded && state.loading ? (
          <Spinner label="Buscando posibles duplicados..." />
        ) : state.loaded && pairs.length === 0 ? (
          <p className="empty" data-testid="duplicates-empty">
            No hay posibles duplicados
          </p>
        ) : (
          <ol className="duplicates" aria-busy={state.loading}>
            {pairs.map((pair) => (
              <PairCard
                key={`${pair.personas[0].id}-${pair.personas[1].id}`}
                pair={pair}
                canDismiss={canDismiss}
                canMerge={canMerge}
                busy={busy === `${pair.personas[0].id}-${pair.personas[1].id}`}
                onDismiss={() => void handleDismiss(pair)}
                onMerge={() => setMerging([pair.personas[0].id, pair.personas[1].id])}
              />
            ))}
          </ol>
        )}
        {merging ? <MergeModal ids={merging} onClose={() => setMerging(null)} onMerged={handleMerged} /> : null}
        <Pagination
          page={state.page}
          lastPage={state.lastPage}
          disabled={state.loading}
          onPage={(page) => void loadDuplicates(page)}
          status={`Mostrando página ${state.page} de ${state.lastPage}`}
          testId="duplicates"
        />
      </section>
    </div>
  );
}
