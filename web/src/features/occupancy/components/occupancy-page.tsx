import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { DOOR_AREA, type DoorConflict, type DoorKind, type DoorOccupancyResponse } from '@shared/contracts/door.contract';
import { ROOMS } from '@shared/events/socket-events';
import { Alert } from '../../../components/ui/alert';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { DoorAlarmBanner } from '../../../components/ui/door-alarm-banner';
import { ArrowLeftIcon, CalendarIcon } from '../../../components/ui/icons';
import { LiveIndicator } from '../../../components/ui/live-indicator';
import { ProgressBar, type ProgressTone } from '../../../components/ui/progress-bar';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useSession } from '../../../lib/auth';
import { useDocumentTitle } from '../../../lib/config';
import { formatDateTime, formatTime } from '../../../lib/format';
import { can } from '../../../lib/permissions';
import { toast } from '../../../lib/toast';
import { emptyVenue, liftStop, restoreStop } from '../api/supervisor';
import { OccupancyLiveEffect } from '../live/occupancy-live-effect';
import { applyOccupancy, loadOccupancy, occupancyState, resetOccupancy } from '../stores/occupancy-store';
import { Sparkline } from './sparkline';
import '../occupancy.css';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';

const n = (v: number) => v.toLocaleString('es-MX');

/** Where each kind's board goes back to: the event's own staff page. */
const BACK: Record<DoorKind, { to: (id: number) => string; label: string }> = {
  externo: { to: (id) => `/eventos-externos/${id}/registros`, label: 'Volver a los registros del evento' },
  interno: { to: (id) => `/eventos-internos/${id}`, label: 'Volver al evento' },
};

function tone(level: number): ProgressTone {
  if (level >= 95) return 'red';
  if (level > 0) return 'yellow';
  return 'green';
}

function EntryState({ o }: { o: DoorOccupancyResponse }) {
  if (o.entry_stopped)
    return (
      <p className="occ-state occ-state--stopped" data-testid="occupancy-entry" data-state="stopped">
        Entrada detenida: la puerta responde «recinto lleno» hasta que alguien salga o un supervisor lo autorice.
      </p>
    );
  if (o.stop_lifted)
    return (
      <p className="occ-state occ-state--lifted" data-testid="occupancy-entry" data-state="lifted">
        Entrada autorizada por un supervisor sobre el aforo máximo.
      </p>
    );
  return (
    <p className="occ-state" data-testid="occupancy-entry" data-state="open">
      Entrada abierta.
    </p>
  );
}

function NowCard({ o }: { o: DoorOccupancyResponse }) {
  const entries = o.gates.reduce((a, g) => a + g.in, 0);
  const exits = o.gates.reduce((a, g) => a + g.out, 0);
  const percent = o.capacity ? (o.inside * 100) / o.capacity : 0;
  return (
    <section className="card occ-now" aria-labelledby="occ-now-title" data-testid="occupancy-now">
      <h2 className="occ-now__label" id="occ-now-title">
        Dentro ahora
      </h2>
      <p className="occ-now__value" data-testid="occupancy-inside">
        {n(o.inside)}
      </p>
      {o.capacity ? (
        <>
          <p className="occ-now__capacity" data-testid="occupancy-capacity">
            de {n(o.capacity)} (aforo máximo del recinto) ·{' '}
            <strong>
              {Math.floor(percent)}
              {'\u00a0'}%
            </strong>
          </p>
          <ProgressBar
            percent={percent}
            tone={tone(o.level)}
            label={`Ocupación: ${Math.floor(percent)} % del aforo máximo`}
            testId="occupancy-meter"
          />
          <p className="occ-now__levels muted">Alarmas al {o.levels.map((l) => `${l} %`).join(', ')}.</p>
        </>
      ) : (
        <p className="occ-now__capacity muted" data-testid="occupancy-capacity">
          Sin aforo máximo definido: se agrega al editar el evento («Aforo máximo del recinto»).
        </p>
      )}
      <EntryState o={o} />
      <p className="occ-now__totals">
        Entradas: <strong>{n(entries)}</strong> · Salidas: <strong>{n(exits)}</strong>
      </p>
    </section>
  );
}

/** One row of a counts table: its name (the row's header) and its two counts. */
interface CountsRow {
  key: string | number;
  name: string;
  counts: readonly [number, number];
  /** The row's test id and data attributes. */
  attributes: Record<string, string>;
  /** Test ids of the two count cells, where a test reads them. */
  countTestIds?: readonly [string, string];
}

/** A table of names against two counts (gates: entries and exits; sections: inside and seats). */
function CountsTable({
  testId,
  columns,
  rows,
}: {
  testId: string;
  columns: readonly [string, string, string];
  rows: readonly CountsRow[];
}) {
  return (
    <div className="table-wrap">
      <table className="table occ-table" data-testid={testId}>
        <thead>
          <tr>
            <th scope="col">{columns[0]}</th>
            <th scope="col" className="occ-num">
              {columns[1]}
            </th>
            <th scope="col" className="occ-num">
              {columns[2]}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key} {...r.attributes}>
              <th scope="row">{r.name}</th>
              {r.counts.map((count, i) => (
                <td key={i} className="occ-num" data-testid={r.countTestIds?.[i]}>
                  {n(count)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function GatesCard({ o }: { o: DoorOccupancyResponse }) {
  return (
    <Card title="Por puerta">
      {o.gates.length === 0 ? (
        <p className="empty">Aún no hay escaneos en ninguna puerta.</p>
      ) : (
        <CountsTable
          testId="occupancy-gates"
          columns={['Puerta', 'Entradas', 'Salidas']}
          rows={o.gates.map((g) => ({
            key: g.gate,
            name: g.gate,
            counts: [g.in, g.out],
            attributes: { 'data-testid': 'occupancy-gate', 'data-gate': g.gate },
            countTestIds: ['occupancy-gate-in', 'occupancy-gate-out'],
          }))}
        />
      )}
    </Card>
  );
}

function SectionsCard({ sections }: { sections: NonNullable<DoorOccupancyResponse['sections']> }) {
  return (
    <Card title="Por sección">
      <CountsTable
        testId="occupancy-sections"
        columns={['Sección', 'Dentro', 'Asientos']}
        rows={sections.map((s) => ({
          key: s.seccion_id,
          name: s.nombre,
          counts: [s.inside, s.seats],
          attributes: { 'data-testid': 'occupancy-section' },
        }))}
      />
    </Card>
  );
}

function ConflictsCard({ count, conflicts }: { count: number; conflicts: readonly DoorConflict[] }) {
  return (
    <section className="card" aria-labelledby="occ-conflicts-title" data-testid="occupancy-conflicts">
      <h2 className="card__title" id="occ-conflicts-title">
        Conflictos para el supervisor <span className="counter">{n(count)}</span>
      </h2>
      <p className="muted occ-hint">
        El mismo código entró por dos puertas mientras los dispositivos estaban sin conexión: la persona cuenta una sola vez. Confírmalo con
        el personal de esas puertas.
      </p>
      {conflicts.length === 0 ? (
        <p className="empty">{count === 0 ? 'Sin conflictos.' : 'Cargando conflictos…'}</p>
      ) : (
        <ul className="occ-conflicts">
          {conflicts.map((c) => (
            <li key={c.scan_id} data-testid="occupancy-conflict">
              <strong>{c.person?.nombre_completo ?? 'Código desconocido'}</strong>: {c.gate}, {formatTime(c.scanned_at)}
              {c.admitted_by ? ` — ya había entrado por ${c.admitted_by.gate} (${formatTime(c.admitted_by.scanned_at)})` : ''}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** 'Permitir entrada' at the limit (or stop it again) and 'Vaciar recinto': a supervisor's (delete rights). */
function SupervisorCard({ kind, eventId, o }: { kind: DoorKind; eventId: number; o: DoorOccupancyResponse }) {
  const [busy, setBusy] = useState(false);
  const [confirmEmpty, setConfirmEmpty] = useState(false);
  const toggleStop = async () => {
    setBusy(true);
    try {
      const res = o.stop_lifted ? await restoreStop(kind, eventId) : await liftStop(kind, eventId);
      applyOccupancy(res.occupancy);
      toast.success(res.message);
    } catch (err) {
      toast.error(errorMessage(err, 'No se pudo cambiar la entrada'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card title="Supervisor" className="occ-supervisor" testId="occupancy-supervisor">
      <div className="occ-supervisor__actions">
        {o.stop_lifted ? (
          <Button onClick={() => void toggleStop()} disabled={busy} data-testid="occupancy-restore">
            Detener la entrada otra vez
          </Button>
        ) : (
          <Button
            variant="primary"
            onClick={() => void toggleStop()}
            disabled={busy || !o.entry_stopped}
            aria-describedby="occ-override-hint"
            data-testid="occupancy-override"
          >
            Permitir entrada
          </Button>
        )}
        <Button variant="danger" onClick={() => setConfirmEmpty(true)} disabled={busy} data-testid="occupancy-empty">
          Vaciar recinto
        </Button>
      </div>
      <p className="field__hint" id="occ-override-hint">
        {o.stop_lifted
          ? 'La autorización termina sola cuando las salidas bajan la ocupación del aforo máximo.'
          : '«Permitir entrada» se activa cuando el recinto llega al 100 % de su aforo máximo: deja seguir entrando bajo tu responsabilidad. Queda en la bitácora.'}
      </p>
      {confirmEmpty ? (
        <ConfirmModal
          title="¿Vaciar el recinto?"
          confirmLabel="Vaciar recinto"
          busyLabel="Vaciando…"
          errorFallback="No se pudo vaciar el recinto"
          onClose={() => setConfirmEmpty(false)}
          testId="occupancy-empty-modal"
          confirmTestId="occupancy-empty-confirm"
          action={async () => {
            const res = await emptyVenue(kind, eventId);
            applyOccupancy(res.occupancy);
            return res.message;
          }}
        >
          <p>
            Las {n(o.inside)} personas que están dentro quedarán marcadas fuera (por ejemplo, al cerrar el recinto por la noche). No cuenta
            como salida por ninguna puerta y queda en la bitácora.
          </p>
        </ConfirmModal>
      ) : null}
    </Card>
  );
}

function Board({ kind, eventId }: { kind: DoorKind; eventId: number }) {
  const { user } = useSession();
  const snap = useSnapshot(occupancyState);
  const [failed, setFailed] = useState<string | null>(null);
  const o = snap.occupancy as DoorOccupancyResponse | null;
  useDocumentTitle(o ? `Aforo · ${o.evento.titulo}` : 'Aforo del evento');

  useEffect(() => {
    resetOccupancy(kind, eventId);
    loadOccupancy(kind, eventId).catch((err: unknown) => setFailed(errorMessage(err, 'Error al cargar el aforo del evento')));
  }, [kind, eventId]);

  const back = BACK[kind];
  const canSupervise = can(user, DOOR_AREA[kind], 'delete');
  return (
    <div className="occ-page" data-testid="occupancy-page">
      <OccupancyLiveEffect kind={kind} eventId={eventId} />
      <div className="occ-toolbar">
        <Link className="back-link" to={back.to(eventId)}>
          <ArrowLeftIcon size={16} /> {back.label}
        </Link>
        <LiveIndicator room={ROOMS.door(kind, eventId)} />
      </div>
      <DoorAlarmBanner kind={kind} eventId={eventId} />
      {failed ? (
        <Alert kind="error" testId="occupancy-error">
          {failed}
        </Alert>
      ) : !snap.loaded || !o ? (
        <Spinner label="Cargando aforo…" />
      ) : (
        <>
          <header className="occ-header">
            <h1 className="occ-header__title">Aforo en vivo · {o.evento.titulo}</h1>
            <p className="occ-header__meta">
              <CalendarIcon size={16} /> {formatDateTime(o.evento.fecha_evento)}
            </p>
          </header>
          <div className="occ-grid">
            <NowCard o={o} />
            <Card title="Última hora" className="occ-trend">
              <Sparkline series={o.series} capacity={o.capacity} />
            </Card>
          </div>
          {canSupervise ? <SupervisorCard kind={kind} eventId={eventId} o={o} /> : null}
          <GatesCard o={o} />
          {o.sections && o.sections.length > 0 ? <SectionsCard sections={o.sections} /> : null}
          <ConflictsCard count={o.conflicts} conflicts={snap.conflicts as readonly DoorConflict[]} />
        </>
      )}
    </div>
  );
}

function OccupancyRoute({ kind }: { kind: DoorKind }) {
  const params = useParams();
  const eventId = Number(params.id);
  if (!Number.isInteger(eventId) || eventId < 1) {
    return (
      <Alert kind="error" testId="occupancy-error">
        El evento no existe. <Link to={kind === 'externo' ? '/eventos-externos' : '/eventos-internos'}>Volver</Link>
      </Alert>
    );
  }
  return <Board key={`${kind}:${eventId}`} kind={kind} eventId={eventId} />;
}

/** /eventos-externos/{id}/aforo. */
export function ExternalOccupancyPage() {
  return <OccupancyRoute kind="externo" />;
}

/** /eventos-internos/{id}/aforo. */
export function InternalOccupancyPage() {
  return <OccupancyRoute kind="interno" />;
}
