import { useEffect, useState } from 'react';
import {
  nextConfirmacion,
  type AsistenteResponse,
  type InternalEventResponse,
  type PersonaDisponible,
} from '@shared/contracts/internal-events.contract';
import { Alert } from '../../../components/ui/alert';
import { Modal } from '../../../components/ui/modal';
import { ModalConfirmFooter } from '../../../components/ui/modal-footer';
import { useSelection } from '../../../lib/use-selection';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { ASSIGN_PERSONAS_PER_PAGE, ASSIGN_SEARCH_DEBOUNCE_MS } from '../../../lib/constants';
import { toast } from '../../../lib/toast';
import { assignAsistentes } from '../api/assign-asistentes';
import { getAvailablePersonas } from '../api/get-available-personas';
import { removeAsistente } from '../api/remove-asistente';
import { updateAsistente } from '../api/update-asistente';
import { CONFIRMACION_LABELS } from '../labels';
import { removeAsistenteFromBoard, upsertAsistentes } from '../stores/internal-event-store';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { Pagination } from '../../../components/ui/pagination';

/** Confirms a status change (spec 2 §4); moving to asistio without a seat first asks for a section. */
export function StatusChangeModal({
  evento,
  asistente,
  onClose,
}: {
  evento: InternalEventResponse;
  asistente: AsistenteResponse;
  onClose: () => void;
}) {
  const next = nextConfirmacion(asistente.pivot.confirmacion);
  const secciones = evento.espacios[0]?.secciones ?? [];
  const needsSection = next === 'asistio' && !asistente.asiento && evento.espacios.length > 0;
  const [seccionId, setSeccionId] = useState<string>('');
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const confirm = async () => {
    if (needsSection && !seccionId) {
      setProblem('Por favor selecciona una sección');
      return;
    }
    setSaving(true);
    try {
      const res = await updateAsistente(evento.id, asistente.id, next, needsSection ? Number(seccionId) : undefined);
      upsertAsistentes(evento.id, [res.asistente]);
      if (res.seat_assigned) toast.success(`Asiento ${res.seat_assigned.displayCode} asignado exitosamente`);
      toast.success('Estado actualizado exitosamente');
      onClose();
    } catch (err) {
      const fallback = needsSection ? 'Error al asignar asiento automáticamente' : 'Error al actualizar estado del asistente';
      toast.error(errorMessage(err, fallback));
      setSaving(false);
    }
  };

  return (
    <Modal title="Cambiar Estado de Confirmación" onClose={onClose} size="sm" testId="ie-status-modal">
      <p>
        ¿Cambiar el estado de <strong>{asistente.nombre_completo}</strong> de{' '}
        <strong>{CONFIRMACION_LABELS[asistente.pivot.confirmacion]}</strong> a <strong>{CONFIRMACION_LABELS[next]}</strong>?
      </p>
      {needsSection ? (
        <label className="field">
          <span className="field__label">Esta persona no tiene asiento. Selecciona una sección para asignarle uno automáticamente:</span>
          <select
            className="input select"
            value={seccionId}
            onChange={(e) => {
              setSeccionId(e.target.value);
              setProblem(null);
            }}
            data-testid="ie-status-seccion"
          >
            <option value="">Selecciona una sección</option>
            {secciones.map((s) => (
              <option key={s.id} value={s.id} disabled={s.asignados >= s.capacidad}>
                {s.nombre} ({Math.max(0, s.capacidad - s.asignados)} libres)
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {problem ? <Alert kind="error">{problem}</Alert> : null}
      <ModalConfirmFooter
        onCancel={onClose}
        onConfirm={() => void confirm()}
        confirmDisabled={saving || (needsSection && !seccionId)}
        confirmTestId="ie-status-confirm"
      >
        {saving ? 'Guardando...' : 'Confirmar'}
      </ModalConfirmFooter>
    </Modal>
  );
}

export function RemoveAsistenteModal({
  eventId,
  asistente,
  onClose,
}: {
  eventId: number;
  asistente: AsistenteResponse;
  onClose: () => void;
}) {
  return (
    <ConfirmModal
      title="Remover Asistente"
      confirmLabel="Remover"
      busyLabel="Removiendo..."
      errorFallback="Error al remover asistente"
      action={async () => {
        await removeAsistente(eventId, asistente.id);
        removeAsistenteFromBoard(eventId, asistente.id);
        return 'Asistente removido exitosamente';
      }}
      onClose={onClose}
      testId="ie-remove-modal"
      confirmTestId="ie-remove-confirm"
    >
      <p>
        ¿Remover a <strong>{asistente.nombre_completo}</strong> de este evento? Si tiene asiento, se liberará.
      </p>
    </ConfirmModal>
  );
}

/** Assign persons (spec 2 §2): 50 per page, searched on the server by name and e-mail; at least one selected. */
export function AssignPersonasModal({ eventId, onClose }: { eventId: number; onClose: () => void }) {
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const [result, setResult] = useState<{ key: string; data: { personas: PersonaDisponible[]; total: number; last_page: number } } | null>(
    null,
  );
  const key = `${page}|${query}`;
  const loading = result?.key !== key;
  const data = result?.data ?? null;
  const { selected, toggle, allSelected, toggleAll } = useSelection();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    const timer = window.setTimeout(() => {
      setQuery(search);
      setPage(1);
    }, ASSIGN_SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [search]);

  useEffect(() => {
    const ctrl = new AbortController();
    const wanted = `${page}|${query}`;
    getAvailablePersonas(eventId, page, query, ctrl.signal)
      .then((res) => setResult({ key: wanted, data: res }))
      .catch((err: unknown) => {
        if (err instanceof DOMException && err.name === 'AbortError') return;
        toast.error(errorMessage(err, 'Error al cargar personas disponibles'));
        setResult((prev) => ({ key: wanted, data: prev?.data ?? { personas: [], total: 0, last_page: 1 } }));
      });
    return () => ctrl.abort();
  }, [eventId, page, query]);

  const pageIds = data?.personas.map((p) => p.id) ?? [];
  const allOnPage = allSelected(pageIds);
  const togglePage = () => toggleAll(pageIds);

  const submit = async () => {
    if (selected.size === 0) return;
    setSaving(true);
    try {
      const res = await assignAsistentes(eventId, [...selected]);
      upsertAsistentes(eventId, res.asistentes);
      toast.success(`${res.assigned_count} persona(s) asignada(s) exitosamente`);
      onClose();
    } catch (err) {
      toast.error(errorMessage(err, 'Error al asignar personas'));
      setSaving(false);
    }
  };

  return (
    <Modal title="Asignar Personas" onClose={onClose} size="lg" testId="ie-assign-modal">
      <div className="ie-assign">
        <input
          type="search"
          className="input"
          placeholder="Buscar por nombre o correo electrónico..."
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          aria-label="Buscar personas"
          data-testid="ie-assign-search"
        />
        <div className="ie-assign__bar">
          <label className="checkbox">
            <input type="checkbox" checked={allOnPage} onChange={togglePage} disabled={pageIds.length === 0} />
            Seleccionar esta página
          </label>
          <span className="muted" data-testid="ie-assign-selected">
            {selected.size} seleccionada(s)
          </span>
        </div>
        <div className={`ie-assign__list ${loading ? 'is-refreshing' : ''}`} data-testid="ie-assign-list">
          {!data && loading ? (
            <Spinner label="Cargando personas…" />
          ) : data && data.personas.length === 0 ? (
            <p className="muted">No hay personas disponibles.</p>
          ) : (
            data?.personas.map((p) => (
              <label key={p.id} className="ie-assign__row" data-testid="ie-assign-row">
                <input type="checkbox" checked={selected.has(p.id)} onChange={() => toggle(p.id)} />
                <span className="ie-assign__who">
                  <span className="ie-assign__name">{p.nombre_completo}</span>
                  <span className="muted">
                    {[p.correo_electronico, p.empresa, p.puesto].filter(Boolean).join(' · ') || 'Sin datos de contacto'}
                  </span>
                </span>
              </label>
            ))
          )}
        </div>
        <Pagination
          page={page}
          lastPage={data?.last_page ?? 1}
          onPage={setPage}
          disabled={loading}
          label="Paginación de personas"
          status={`Página ${page} de ${data?.last_page ?? 1} · ${(data?.total ?? 0).toLocaleString('es-MX')} personas (${ASSIGN_PERSONAS_PER_PAGE} por página)`}
        />
      </div>
      <ModalConfirmFooter
        onCancel={onClose}
        onConfirm={() => void submit()}
        confirmDisabled={selected.size === 0 || saving}
        confirmTestId="ie-assign-submit"
      >
        {saving ? 'Asignando...' : `Asignar (${selected.size})`}
      </ModalConfirmFooter>
    </Modal>
  );
}
