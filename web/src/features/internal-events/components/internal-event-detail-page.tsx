import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import type { AsistenteResponse, InternalEventResponse, InvitationJobResponse } from '@shared/contracts/internal-events.contract';
import { ROOMS } from '@shared/events/socket-events';
import { Alert } from '../../../components/ui/alert';
import { CorreosLink } from '../../../components/ui/correos-link';
import { DoorAlarmBanner } from '../../../components/ui/door-alarm-banner';
import {
  ArrowLeftIcon,
  CalendarIcon,
  ClipboardIcon,
  DownloadIcon,
  ExternalLinkIcon,
  EnvelopeIcon,
  PinIcon,
  PlusIcon,
  SearchIcon,
} from '../../../components/ui/icons';
import { LiveIndicator } from '../../../components/ui/live-indicator';
import { Spinner } from '../../../components/ui/spinner';
import { Pagination } from '../../../components/ui/pagination';
import { errorMessage } from '../../../lib/api-client';
import { useSession } from '../../../lib/auth';
import { useSelection } from '../../../lib/use-selection';
import { useDocumentTitle } from '../../../lib/config';
import { ATTENDEES_PER_PAGE, PAGE_WINDOW } from '../../../lib/constants';
import { saveBlob } from '../../../lib/download';
import { formatDateTime, todayInputValue } from '../../../lib/format';
import { can } from '../../../lib/permissions';
import { toast } from '../../../lib/toast';
import { attendeesCsv, attendeesCsvName, matchesSearch, seatLabel } from '../attendees';
import { CONFIRMACION_LABELS } from '../labels';
import { InternalEventLiveEffect } from '../live/internal-event-live-effect';
import { internalEventState, loadInternalEvent, resetInternalEvent } from '../stores/internal-event-store';
import { AssignPersonasModal, RemoveAsistenteModal, StatusChangeModal } from './attendee-modals';
import { hasEmail, InvitationsPanel, requestInvitations, SendInvitationsModal } from './invitations-panel';
import { EstadoBadge, TipoBadge } from './internal-event-badges';
import '../internal-events.css';

function Counters({ evento }: { evento: InternalEventResponse }) {
  const tiles = [
    { key: 'confirmados', label: 'Confirmados', value: evento.asistentes_confirmados_count },
    { key: 'pendientes', label: 'Pendientes', value: evento.asistentes_pendientes_count },
    { key: 'asistieron', label: 'Asistieron', value: evento.asistentes_asistieron_count },
    { key: 'total', label: 'Total', value: evento.asistentes_count },
  ];
  return (
    <div className="ie-counters" data-testid="ie-counters">
      {tiles.map((t) => (
        <div key={t.key} className={`ie-counter ie-counter--${t.key}`} data-testid={`ie-count-${t.key}`}>
          <span className="ie-counter__value" aria-live="polite">
            {t.value}
          </span>
          <span className="ie-counter__label">{t.label}</span>
        </div>
      ))}
    </div>
  );
}

async function copyCode(code: string) {
  try {
    await navigator.clipboard.writeText(code);
    toast.success(`Código ${code} copiado al portapapeles`);
  } catch {
    toast.error('Error al copiar el código');
  }
}

/** Who was invited by e-mail, and when (the last invitation queued for them). */
function InvitationLine({ a }: { a: AsistenteResponse }) {
  const at = a.pivot.invitacion_enviada_at;
  if (at) {
    return (
      <span className="person-cell__sub ie-invited" data-testid="ie-attendee-invited" data-invited="true">
        Invitación enviada: {formatDateTime(at)}
      </span>
    );
  }
  return (
    <span className="person-cell__sub muted" data-testid="ie-attendee-invited" data-invited="false">
      {hasEmail(a) ? 'Invitación sin enviar' : 'Sin correo electrónico'}
    </span>
  );
}

function AttendeesTable({
  rows,
  canEdit,
  canInvite,
  selection,
  onStatus,
  onRemove,
  onInvite,
}: {
  rows: readonly AsistenteResponse[];
  canEdit: boolean;
  canInvite: boolean;
  selection: ReturnType<typeof useSelection>;
  onStatus: (a: AsistenteResponse) => void;
  onRemove: (a: AsistenteResponse) => void;
  onInvite: (a: AsistenteResponse) => void;
}) {
  const pageIds = rows.map((a) => a.id);
  return (
    <div className="table-wrap">
      <table className="table ie-table" data-testid="ie-attendees">
        <thead>
          <tr>
            {canEdit ? (
              <th scope="col" className="ie-table__pick">
                <input
                  type="checkbox"
                  checked={selection.allSelected(pageIds)}
                  onChange={() => selection.toggleAll(pageIds)}
                  aria-label="Seleccionar los asistentes de esta página"
                  data-testid="ie-select-page"
                />
              </th>
            ) : null}
            <th scope="col">Nombre</th>
            <th scope="col">Empresa</th>
            <th scope="col">Sección/Asiento</th>
            <th scope="col">Código</th>
            <th scope="col">Confirmación</th>
            {canEdit ? <th scope="col">Acciones</th> : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((a) => (
            <tr key={a.id} data-testid="ie-attendee" data-persona={a.id}>
              {canEdit ? (
                <td className="ie-table__pick">
                  <input
                    type="checkbox"
                    checked={selection.selected.has(a.id)}
                    onChange={() => selection.toggle(a.id)}
                    aria-label={`Seleccionar a ${a.nombre_completo}`}
                    data-testid="ie-attendee-select"
                  />
                </td>
              ) : null}
              <td data-label="Nombre">
                <span className="person-cell__name">{a.nombre_completo}</span>
                <span className="person-cell__sub muted">{a.puesto?.nombre ?? 'Sin puesto'}</span>
                <InvitationLine a={a} />
              </td>
              <td data-label="Empresa">{a.empresa?.nombre ?? '—'}</td>
              <td data-label="Sección/Asiento" data-testid="ie-attendee-seat">
                {a.asiento ? (
                  <span className="ie-seat" title={a.asiento.displayCode}>
                    <span className="ie-seat__dot" style={{ background: a.asiento.seccion.color || undefined }} aria-hidden="true" />
                    {seatLabel(a)}
                  </span>
                ) : (
                  <span className="muted">Sin asignar</span>
                )}
              </td>
              <td data-label="Código">
                <span className="ie-code" data-testid="ie-attendee-code">
                  {a.pivot.confirmation_code}
                </span>
                <button
                  type="button"
                  className="icon-link ie-copy"
                  onClick={() => void copyCode(a.pivot.confirmation_code)}
                  aria-label={`Copiar código ${a.pivot.confirmation_code}`}
                  title="Copiar código"
                >
                  <ClipboardIcon size={16} />
                </button>
              </td>
              <td data-label="Confirmación">
                <button
                  type="button"
                  className={`ie-status ie-status--${a.pivot.confirmacion}`}
                  onClick={() => onStatus(a)}
                  disabled={!canEdit}
                  data-testid="ie-attendee-status"
                  data-status={a.pivot.confirmacion}
                >
                  {CONFIRMACION_LABELS[a.pivot.confirmacion]}
                </button>
              </td>
              {canEdit ? (
                <td data-label="Acciones">
                  <div className="ie-row-actions">
                    {canInvite && hasEmail(a) ? (
                      <button
                        type="button"
                        className="btn btn--sm btn--secondary"
                        onClick={() => onInvite(a)}
                        data-testid="ie-attendee-invite"
                      >
                        {a.pivot.invitacion_enviada_at ? 'Reenviar invitación' : 'Enviar invitación'}
                      </button>
                    ) : null}
                    <button type="button" className="btn btn--sm btn--danger" onClick={() => onRemove(a)} data-testid="ie-attendee-remove">
                      Remover
                    </button>
                  </div>
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** 'Mostrando X a Y de Z resultados' always, the pages (numbers around the current one) when there are several. */
function AttendeesPagination({ page, total, onPage }: { page: number; total: number; onPage: (p: number) => void }) {
  const lastPage = Math.max(1, Math.ceil(total / ATTENDEES_PER_PAGE));
  const from = total === 0 ? 0 : (page - 1) * ATTENDEES_PER_PAGE + 1;
  const to = Math.min(total, page * ATTENDEES_PER_PAGE);
  return (
    <Pagination
      page={page}
      lastPage={lastPage}
      onPage={onPage}
      status={`Mostrando ${from} a ${to} de ${total} resultados`}
      pageNumbers={PAGE_WINDOW}
      keepStatus
      testId="ie"
    />
  );
}

function Board({ eventId }: { eventId: number }) {
  const { user } = useSession();
  const navigate = useNavigate();
  const snap = useSnapshot(internalEventState);
  const [failed, setFailed] = useState(false);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [statusFor, setStatusFor] = useState<number | null>(null);
  const [removing, setRemoving] = useState<number | null>(null);
  const [assigning, setAssigning] = useState(false);
  const [inviting, setInviting] = useState(false);
  const selection = useSelection();
  const canEdit = can(user, 'eventos_internos', 'edit');

  useEffect(() => {
    resetInternalEvent(eventId);
    loadInternalEvent(eventId).catch((err: unknown) => {
      setFailed(true);
      toast.error(errorMessage(err, 'Error al cargar el evento'));
    });
  }, [eventId]);

  const asistentes = snap.asistentes as readonly AsistenteResponse[];
  const filtered = useMemo(() => asistentes.filter((a) => matchesSearch(a, search)), [asistentes, search]);
  const lastPage = Math.max(1, Math.ceil(filtered.length / ATTENDEES_PER_PAGE));
  const current = Math.min(page, lastPage);
  const pageRows = filtered.slice((current - 1) * ATTENDEES_PER_PAGE, current * ATTENDEES_PER_PAGE);
  const evento = snap.evento as InternalEventResponse | null;
  useDocumentTitle(evento?.titulo ?? 'Evento Interno');

  const onEventDeleted = () => {
    toast.error('Este evento fue eliminado.');
    navigate('/eventos-internos', { replace: true });
  };

  if (failed) {
    return (
      <div className="ie-page">
        <Alert kind="error" testId="ie-load-error">
          Error al cargar el evento.{' '}
          <Link to="/eventos-internos" className="icon-link">
            Volver a eventos internos
          </Link>
        </Alert>
      </div>
    );
  }
  if (!snap.loaded || !evento) return <Spinner label="Cargando evento…" />;

  const espacio = evento.espacios[0];
  const exportCsv = () => {
    const blob = new Blob([attendeesCsv(asistentes)], { type: 'text/csv;charset=utf-8' });
    saveBlob(blob, attendeesCsvName(evento.titulo, todayInputValue()));
    toast.success('Lista de asistentes exportada exitosamente');
  };
  // Invitations by e-mail go only for a confirmed event (its public page confirms; the server says the same).
  const canInvite = canEdit && evento.estado === 'confirmado';
  const invitationJob = snap.invitationJob as InvitationJobResponse | null;
  const selectedIds = asistentes.filter((a) => selection.selected.has(a.id)).map((a) => a.id);
  const inviteOne = (a: AsistenteResponse) => void requestInvitations(eventId, [a.id]);
  const statusAsistente = statusFor !== null ? asistentes.find((a) => a.id === statusFor) : undefined;
  const removeAsistente = removing !== null ? asistentes.find((a) => a.id === removing) : undefined;

  return (
    <div className="ie-page ie-detail">
      <InternalEventLiveEffect eventId={eventId} onEventDeleted={onEventDeleted} />
      <div className="ie-detail__top">
        <Link to="/eventos-internos" className="back-link">
          <ArrowLeftIcon size={16} /> Volver
        </Link>
        <LiveIndicator room={ROOMS.internalEvent(eventId)} />
      </div>
      <DoorAlarmBanner kind="interno" eventId={eventId} />
      <section className="card ie-summary" data-testid="ie-summary">
        <div className="ie-summary__main">
          <div className="badge-row">
            <EstadoBadge estado={evento.estado} />
            <TipoBadge tipo={evento.tipo} />
          </div>
          <h1 className="ie-summary__title">{evento.titulo}</h1>
          {evento.descripcion ? <p className="ie-summary__description multiline">{evento.descripcion}</p> : null}
          <ul className="ie-card__meta">
            <li>
              <CalendarIcon size={16} /> <span>Inicio: {formatDateTime(evento.fecha_evento)}</span>
            </li>
            {evento.fecha_fin ? (
              <li>
                <CalendarIcon size={16} /> <span>Fin: {formatDateTime(evento.fecha_fin)}</span>
              </li>
            ) : null}
            {evento.ubicacion ? (
              <li>
                <PinIcon size={16} /> {evento.ubicacion}
              </li>
            ) : null}
            {espacio ? (
              <li data-testid="ie-espacio">
                <span>
                  Espacio: <strong>{espacio.nombre}</strong> ({espacio.capacidad_total} asientos)
                </span>
              </li>
            ) : null}
          </ul>
          {evento.intentos_fallidos_24h > 0 ? (
            <p className="ie-warning" data-testid="ie-failed-attempts">
              {evento.intentos_fallidos_24h} intento(s) de confirmación con código inválido en las últimas 24 horas.
            </p>
          ) : null}
        </div>
        <div className="ie-summary__actions">
          <a className="btn btn--secondary" href={`/evento-interno/${evento.slug || evento.id}`} target="_blank" rel="noopener noreferrer">
            <ExternalLinkIcon size={16} /> Ver Página Pública
          </a>
          {canEdit ? (
            <Link className="btn btn--secondary" to={`/eventos-internos/${evento.id}/edit`} data-testid="ie-edit-link">
              Editar Evento
            </Link>
          ) : null}
          {canEdit && espacio ? (
            <Link className="btn btn--primary" to={`/eventos-internos/${evento.id}/seating`}>
              Gestionar Asientos
            </Link>
          ) : null}
          {canEdit ? (
            <Link className="btn btn--secondary" to={`/eventos-internos/${evento.id}/puerta`} data-testid="ie-door-link">
              Puerta (registro de entrada)
            </Link>
          ) : null}
          <Link className="btn btn--ghost" to={`/eventos-internos/${evento.id}/aforo`} data-testid="occupancy-link">
            Aforo en vivo
          </Link>
          <Link className="btn btn--ghost" to={`/eventos-internos/${evento.id}/invitaciones`} data-testid="ie-invitations-link">
            Invitaciones con QR
          </Link>
          <CorreosLink className="btn btn--ghost" refType="evento-interno" refId={evento.id} label="Correos del evento" />
        </div>
      </section>

      <Counters evento={evento} />

      {invitationJob ? <InvitationsPanel job={invitationJob} /> : null}

      <section className="card" aria-labelledby="ie-asistentes-title">
        <div className="ie-attendees__header">
          <h2 className="card__title" id="ie-asistentes-title" data-testid="ie-asistentes-title">
            Asistentes ({asistentes.length})
          </h2>
          <div className="ie-attendees__tools">
            <button type="button" className="btn btn--secondary btn--sm" onClick={exportCsv} data-testid="ie-export">
              <DownloadIcon size={16} /> Exportar CSV
            </button>
            {canInvite ? (
              <button type="button" className="btn btn--secondary btn--sm" onClick={() => setInviting(true)} data-testid="ie-invite-open">
                <EnvelopeIcon size={16} /> Enviar invitaciones{selectedIds.length > 0 ? ` (${selectedIds.length})` : ''}
              </button>
            ) : null}
            {canEdit ? (
              <button type="button" className="btn btn--primary btn--sm" onClick={() => setAssigning(true)} data-testid="ie-assign-open">
                <PlusIcon size={16} /> Asignar Personas
              </button>
            ) : null}
          </div>
        </div>
        <div className="search ie-search">
          <SearchIcon size={16} />
          <input
            type="search"
            className="input search__input"
            placeholder="Buscar por nombre, empresa, puesto o código..."
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
            aria-label="Buscar asistentes"
            data-testid="ie-search"
          />
        </div>
        {asistentes.length === 0 ? (
          <p className="empty" data-testid="ie-no-attendees">
            No hay asistentes asignados a este evento.
          </p>
        ) : filtered.length === 0 ? (
          <p className="empty" data-testid="ie-no-match">
            No se encontraron asistentes
          </p>
        ) : (
          <>
            <AttendeesTable
              rows={pageRows}
              canEdit={canEdit}
              canInvite={canInvite}
              selection={selection}
              onStatus={(a) => setStatusFor(a.id)}
              onRemove={(a) => setRemoving(a.id)}
              onInvite={inviteOne}
            />
            <AttendeesPagination page={current} total={filtered.length} onPage={setPage} />
          </>
        )}
      </section>

      {statusAsistente ? <StatusChangeModal evento={evento} asistente={statusAsistente} onClose={() => setStatusFor(null)} /> : null}
      {removeAsistente ? <RemoveAsistenteModal eventId={eventId} asistente={removeAsistente} onClose={() => setRemoving(null)} /> : null}
      {assigning ? <AssignPersonasModal eventId={eventId} onClose={() => setAssigning(false)} /> : null}
      {inviting ? (
        <SendInvitationsModal
          eventId={eventId}
          asistentes={asistentes}
          selected={selectedIds}
          onSent={() => selection.toggleAll(selectedIds)}
          onClose={() => setInviting(false)}
        />
      ) : null}
    </div>
  );
}

/** /eventos-internos/{id} (spec 2 §2 detail). */
export function InternalEventDetailPage() {
  const params = useParams();
  const id = Number(params.id);
  if (!Number.isInteger(id) || id < 1) {
    return (
      <Alert kind="error">
        Error al cargar el evento. <Link to="/eventos-internos">Volver</Link>
      </Alert>
    );
  }
  return <Board key={id} eventId={id} />;
}
