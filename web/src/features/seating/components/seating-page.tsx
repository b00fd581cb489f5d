import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import type { AsistenteResponse } from '@shared/contracts/internal-events.contract';
import type { MassAssignmentResponse, SeatingEspacio } from '@shared/contracts/seating.contract';
import { ROOMS } from '@shared/events/socket-events';
import { computeSeatLayout, listSeats } from '@shared/rules/seat-layout';
import { SeatLegend, SeatMap, SEAT_STATES, type SeatInfo } from '../../../components/seat-map';
import { Alert } from '../../../components/ui/alert';
import { ArrowLeftIcon } from '../../../components/ui/icons';
import { DoorAlarmBanner } from '../../../components/ui/door-alarm-banner';
import { LiveIndicator } from '../../../components/ui/live-indicator';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useSession } from '../../../lib/auth';
import { useDocumentTitle } from '../../../lib/config';
import { formatDateTime } from '../../../lib/format';
import { can } from '../../../lib/permissions';
import { toast } from '../../../lib/toast';
import { getAsistentes, undoMassAssignment } from '../api/seating-api';
import { SeatingLiveEffect } from '../live/seating-live-effect';
import { loadSeating, resetSeating, seatingState } from '../stores/seating-store';
import { AssignPersonModal, ConfirmReleaseModal, freeSeatsOf, MassAssignModal, SeatDetailsModal } from './seating-modals';
import '../seating.css';
import { Button } from '../../../components/ui/button';

export const UNREGISTERED_SEAT =
  'Asiento no registrado. Este asiento no existe en la base de datos. Contacte al administrador para agregarlo al sistema.';

type Dialog = { kind: 'details' | 'assign' | 'release'; seat: SeatInfo } | { kind: 'mass' } | null;

/** Toasts a mass assignment's result once, when it ends while the screen is open (spec 2 §8). */
function useMassResultToast(mass: MassAssignmentResponse | null) {
  const seen = useRef<string | null>(null);
  const first = useRef(true);
  useEffect(() => {
    if (!mass) return;
    const key = `${mass.id}:${mass.status}`;
    if (first.current) {
      first.current = false;
      seen.current = key;
      return;
    }
    if (seen.current === key) return;
    seen.current = key;
    if (mass.status === 'completed') {
      if (mass.assigned_count === 0) toast.error(mass.message || 'No se pudieron asignar las personas');
      else toast.success(mass.message ?? `Se asignaron ${mass.assigned_count} personas exitosamente.`);
    } else if (mass.status === 'failed') toast.error(mass.message || 'Error al asignar personas masivamente');
  }, [mass]);
}

function MassPanel({ eventId, mass, canEdit }: { eventId: number; mass: MassAssignmentResponse; canEdit: boolean }) {
  const [busy, setBusy] = useState(false);
  const running = mass.status === 'queued' || mass.status === 'processing';
  const undo = async () => {
    setBusy(true);
    try {
      const res = await undoMassAssignment(eventId, mass.id);
      toast.success(res.message);
    } catch (err) {
      toast.error(errorMessage(err, 'Error al deshacer la asignación masiva'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="card seating-mass" aria-labelledby="seating-mass-title" data-testid="seating-mass-panel" data-status={mass.status}>
      <h2 className="card__title" id="seating-mass-title">
        Asignación masiva
      </h2>
      {running ? (
        <>
          <ProgressBar
            percent={mass.total ? (mass.processed / mass.total) * 100 : 0}
            tone="blue"
            label="Progreso de la asignación masiva"
            testId="seating-mass-progress"
          />
          <p className="muted" aria-live="polite">
            {mass.status === 'queued' ? 'En cola…' : `Procesadas ${mass.processed} de ${mass.total} personas…`}
          </p>
        </>
      ) : (
        <p aria-live="polite" data-testid="seating-mass-result">
          {mass.undone_at ? `Deshecha: ${mass.released_count ?? 0} asiento(s) liberado(s).` : mass.message}
        </p>
      )}
      {mass.status === 'completed' && mass.failure_reasons.length > 0 && !mass.undone_at ? (
        <details className="seating-mass__reasons">
          <summary>Ver motivos ({mass.failed_count})</summary>
          <ul>
            {mass.failure_reasons.map((f) => (
              <li key={f.persona_id}>
                {f.nombre || `Persona ${f.persona_id}`}: {f.motivo}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {canEdit && mass.status === 'completed' && !mass.undone_at && mass.assigned_count > 0 ? (
        <Button size="sm" disabled={busy} onClick={() => void undo()} data-testid="seating-mass-undo">
          {busy ? 'Deshaciendo...' : 'Deshacer última asignación masiva'}
        </Button>
      ) : null}
    </section>
  );
}

/** The printable list of assigned seats (print stylesheet only), in seat order. */
function PrintList({ espacios }: { espacios: readonly SeatingEspacio[] }) {
  const rows = useMemo(() => {
    // Read at print time: the list is mounted only while printing.
    const out: Array<{ code: string; name: string; empresa: string }> = [];
    for (const e of espacios) {
      const layout = computeSeatLayout(e.secciones, e.layout_config);
      for (const s of listSeats(layout)) {
        const sec = e.secciones[s.sectionIndex];
        const id = sec.seat_ids[(s.fila - 1) * sec.asientos_por_fila + (s.numero - 1)];
        const a = id != null ? seatingState.bySeat.get(id) : undefined;
        if (a) out.push({ code: s.displayCode, name: a.persona.nombre_completo, empresa: a.persona.empresa ?? 'N/A' });
      }
    }
    return out;
  }, [espacios]);
  return (
    <table className="table seating-print-list" aria-label="Asientos asignados">
      <thead>
        <tr>
          <th>Asiento</th>
          <th>Nombre</th>
          <th>Empresa</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.code}>
            <td>{r.code}</td>
            <td>{r.name}</td>
            <td>{r.empresa}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Board({ eventId }: { eventId: number }) {
  const { user } = useSession();
  const snap = useSnapshot(seatingState);
  const canEdit = can(user, 'eventos_internos', 'edit');
  const [dialog, setDialog] = useState<Dialog>(null);
  const [selected, setSelected] = useState<SeatInfo | null>(null);
  const [people, setPeople] = useState<AsistenteResponse[]>([]);
  const [printing, setPrinting] = useState(false);
  useMassResultToast(snap.mass as MassAssignmentResponse | null);
  useDocumentTitle(snap.evento ? `Asientos · ${snap.evento.titulo}` : 'Gestión de Asientos');

  useEffect(() => {
    resetSeating(eventId);
    loadSeating(eventId).catch((err: unknown) => {
      seatingState.failed = true;
      toast.error(errorMessage(err, 'Error al cargar el mapa de asientos'));
    });
  }, [eventId]);

  const loadPeople = useCallback(() => {
    getAsistentes(eventId)
      .then((r) => setPeople(r.asistentes))
      .catch((err: unknown) => toast.error(errorMessage(err, 'Error al cargar personas disponibles')));
  }, [eventId]);

  useEffect(() => {
    if (!printing) return;
    const done = () => setPrinting(false);
    window.addEventListener('afterprint', done);
    const frame = window.requestAnimationFrame(() => window.print());
    return () => {
      window.cancelAnimationFrame(frame);
      window.removeEventListener('afterprint', done);
    };
  }, [printing]);

  // A fresh Map per change (the renderer repaints when its identity changes); the big one is patched in place.
  const rev = snap.rev;
  const seatStates = useMemo(() => new Map(seatingState.seatStates), [rev]); // eslint-disable-line react-hooks/exhaustive-deps

  if (snap.failed) {
    return (
      <div className="seating-page">
        <Alert kind="error" testId="seating-load-error">
          No se pudo cargar el mapa de asientos. Por favor, intenta recargar la página.
        </Alert>
        <Link to={`/eventos-internos/${eventId}`} className="back-link">
          <ArrowLeftIcon size={16} /> Volver al evento
        </Link>
      </div>
    );
  }
  if (!snap.loaded || !snap.evento) return <Spinner label="Cargando mapa de asientos…" />;

  const espacios = seatingState.espacios;
  const assigned = seatingState.bySeat.size;
  const others = snap.presence.filter((u) => u.id !== user?.id);
  const selectedAssignment = selected?.seatId !== undefined ? seatingState.bySeat.get(selected.seatId) : undefined;
  const allSecciones = espacios.flatMap((e) => e.secciones);

  const activate = (seat: SeatInfo) => {
    if (seat.seatId === undefined) {
      toast.error(UNREGISTERED_SEAT);
      return;
    }
    setSelected(seat);
    setDialog({ kind: 'details', seat });
  };
  const describe = (seat: SeatInfo) => {
    if (seat.seatId === undefined) return 'No registrado';
    const a = seatingState.bySeat.get(seat.seatId);
    return a ? `${a.persona.nombre_completo}${a.persona.empresa ? ` (${a.persona.empresa})` : ''}` : null;
  };
  const current = dialog && dialog.kind !== 'mass' ? seatingState.bySeat.get(dialog.seat.seatId ?? -1) : undefined;

  return (
    <div className={`seating-page ${printing ? 'is-printing' : ''}`} data-rev={snap.rev}>
      <SeatingLiveEffect eventId={eventId} />
      <div className="seating-top">
        <Link to={`/eventos-internos/${eventId}`} className="back-link" data-testid="seating-back">
          <ArrowLeftIcon size={16} /> Volver al evento
        </Link>
        <LiveIndicator room={ROOMS.internalEventSeating(eventId)} />
      </div>
      <DoorAlarmBanner kind="interno" eventId={eventId} />
      <header className="page-header seating-header">
        <div>
          <h1 className="page-header__title">Gestión de Asientos</h1>
          <p className="page-header__subtitle" data-testid="seating-event">
            <strong>{snap.evento.titulo}</strong> · {formatDateTime(snap.evento.fecha_evento)}
          </p>
        </div>
        {canEdit ? (
          <div className="seating-actions" role="group" aria-label="Acciones rápidas">
            <Button
              variant="primary"
              onClick={() => {
                loadPeople();
                setDialog({ kind: 'mass' });
              }}
              disabled={allSecciones.length === 0}
              data-testid="seating-mass-open"
            >
              Asignación masiva
            </Button>
            <Button onClick={() => setPrinting(true)} data-testid="seating-print">
              Imprimir
            </Button>
            <Button onClick={() => toast.info('Función de exportación próximamente')}>Exportar</Button>
          </div>
        ) : null}
      </header>

      <p className="seating-totals" data-testid="seating-totals" aria-live="polite">
        <strong>{snap.totalSeats}</strong> asientos totales | <strong>{assigned}</strong> asignados
      </p>
      <p className="seating-presence" data-testid="seating-presence">
        {others.length === 0 ? 'Nadie más está trabajando en este mapa.' : `También en este mapa: ${others.map((u) => u.name).join(', ')}`}
      </p>
      <SeatLegend states={SEAT_STATES} />

      {espacios.length === 0 ? (
        <Alert kind="info" testId="seating-no-space">
          Este evento no tiene un espacio asignado. Asigna uno desde «Editar Evento».
        </Alert>
      ) : null}

      <div className="seating-layout">
        <div className="seating-maps">
          {espacios.map((e) => (
            <section key={e.id} className="card seating-space" aria-label={`Espacio ${e.nombre}`}>
              <h2 className="card__title">
                {e.nombre} <span className="muted">({e.capacidad_total} asientos)</span>
              </h2>
              <SeatMap
                sections={e.secciones}
                layoutConfig={e.layout_config}
                label={`Mapa de asientos de ${e.nombre}`}
                seatId={(si, fila, numero) => {
                  const s = e.secciones[si];
                  return s?.seat_ids[(fila - 1) * s.asientos_por_fila + (numero - 1)] ?? undefined;
                }}
                seatStates={seatStates}
                selectedSeatId={selected?.seatId ?? null}
                colorBy="state"
                onSeatActivate={activate}
                describeSeat={describe}
                maxHeight={560}
                testId="seating-map"
              />
            </section>
          ))}
        </div>
        <aside className="seating-side" aria-label="Detalles">
          <section className="card" data-testid="seating-side-panel">
            <h2 className="card__title">Asiento seleccionado</h2>
            {selected ? (
              <dl className="seating-details">
                <dt>Asiento</dt>
                <dd data-testid="seating-side-code">{selected.displayCode}</dd>
                <dt>Sección</dt>
                <dd>{selected.sectionName}</dd>
                <dt>Persona</dt>
                <dd data-testid="seating-side-person">{selectedAssignment?.persona.nombre_completo ?? 'Disponible'}</dd>
              </dl>
            ) : (
              <p className="muted">Selecciona un asiento en el mapa (clic, o flechas y Enter).</p>
            )}
          </section>
          <section className="card">
            <h2 className="card__title">Secciones</h2>
            <ul className="seating-sections">
              {allSecciones.map((s) => (
                <li key={s.id}>
                  <span className="seating-sections__swatch" style={{ background: s.color }} aria-hidden="true" />
                  {s.nombre}: {freeSeatsOf(s)} libres de {s.filas * s.asientos_por_fila}
                </li>
              ))}
            </ul>
          </section>
          {snap.mass ? <MassPanel eventId={eventId} mass={snap.mass as MassAssignmentResponse} canEdit={canEdit} /> : null}
        </aside>
      </div>

      {printing ? <PrintList espacios={espacios} /> : null}

      {dialog?.kind === 'details' ? (
        <SeatDetailsModal
          seat={dialog.seat}
          assignment={current}
          canEdit={canEdit}
          onClose={() => setDialog(null)}
          onAssign={() => {
            loadPeople();
            setDialog({ kind: 'assign', seat: dialog.seat });
          }}
          onRelease={() => setDialog({ kind: 'release', seat: dialog.seat })}
        />
      ) : null}
      {dialog?.kind === 'assign' ? (
        <AssignPersonModal eventId={eventId} seat={dialog.seat} people={people} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'release' && current ? (
        <ConfirmReleaseModal eventId={eventId} seat={dialog.seat} assignment={current} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'mass' ? (
        <MassAssignModal eventId={eventId} secciones={allSecciones} people={people} onClose={() => setDialog(null)} />
      ) : null}
    </div>
  );
}

/** /eventos-internos/{id}/seating — Gestión de Asientos (spec 2 §2). */
export function SeatingPage() {
  const { id } = useParams();
  const eventId = Number(id);
  if (!Number.isInteger(eventId) || eventId < 1) {
    return (
      <div className="seating-page">
        <Alert kind="error">No se pudo cargar el mapa de asientos. Por favor, intenta recargar la página.</Alert>
      </div>
    );
  }
  return <Board eventId={eventId} />;
}
