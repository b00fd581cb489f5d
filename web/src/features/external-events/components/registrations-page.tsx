import { useDeferredValue, useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import type { ExternalEventResponse, ExternalRegistrationResponse } from '@shared/contracts/external-events.contract';
import { ROOMS } from '@shared/events/socket-events';
import { CorreosLink } from '../../../components/ui/correos-link';
import { DoorAlarmBanner } from '../../../components/ui/door-alarm-banner';
import { WaitlistPanel } from '../../../components/ui/waitlist-panel';
import { ExportButtons } from '../../../components/ui/export-buttons';
import { SearchField } from '../../../components/ui/search-field';
import { ArrowLeftIcon, CalendarIcon, ExternalLinkIcon, PeopleIcon, PinIcon, TicketIcon } from '../../../components/ui/icons';
import { LiveIndicator } from '../../../components/ui/live-indicator';
import { Spinner } from '../../../components/ui/spinner';
import { useSession } from '../../../lib/auth';
import { useDocumentTitle } from '../../../lib/config';
import { formatDateTime, todayInputValue } from '../../../lib/format';
import { can } from '../../../lib/permissions';
import { toast } from '../../../lib/toast';
import { confirmRegistration, unconfirmRegistration } from '../api/registration-attendance';
import { deleteRegistration } from '../api/delete-registration';
import { exportRegistrations } from '../api/export-registrations';
import { foldForSearch, fullName } from '../event-labels';
import { RegistrationsLiveEffect } from '../live/registrations-live-effect';
import {
  loadRegistrations,
  registrationsState,
  removeRegistration,
  resetRegistrations,
  upsertRegistration,
} from '../stores/registrations-store';
import { EventStatusBadge } from './event-status-badge';
import { RegistrationDetailsModal } from './registration-details-modal';
import { RegistrationStats } from './registration-stats';
import { RegistrationsList } from './registrations-list';
import { eventWaitlist, loadWaitlist, resetWaitlist } from '../stores/waitlist-store';
import type { RegistrationHandlers } from './registration-actions';
import { useBusyRow } from '../../../lib/use-busy-row';
import '../external-events.css';

/** Case-insensitive (and accent-insensitive) search over full name, CURP, e-mail and the door code. */
function matches(registration: ExternalRegistrationResponse, query: string): boolean {
  if (!query) return true;
  return [fullName(registration), registration.curp, registration.email, registration.codigo].some((field) =>
    foldForSearch(field).includes(query),
  );
}

function EventSummary({ event, canEdit }: { event: ExternalEventResponse; canEdit: boolean }) {
  return (
    <section className="card board-summary" aria-labelledby="board-title" data-testid="board-summary">
      <div className="board-summary__main">
        <div className="board-summary__heading">
          <h1 className="board-summary__title" id="board-title">
            {event.title}
          </h1>
          <EventStatusBadge status={event.status} />
        </div>
        <ul className="meta-list">
          <li>
            <CalendarIcon size={17} /> {formatDateTime(event.event_date)}
          </li>
          <li>
            <PinIcon size={17} /> {event.location}
          </li>
          <li data-testid="board-count">
            <PeopleIcon size={17} /> {event.current_attendees} / {event.max_attendees} registrados
          </li>
        </ul>
      </div>
      <div className="board-summary__links">
        <a className="icon-link" href={`/eventos/${encodeURIComponent(event.slug)}`} target="_blank" rel="noopener noreferrer">
          <ExternalLinkIcon size={16} /> Ver página pública
        </a>
        <CorreosLink className="icon-link" refType="evento-externo" refId={event.id} label="Correos del evento" />
        <Link className="icon-link" to={`/eventos-externos/${event.id}/aforo`} data-testid="occupancy-link">
          <PeopleIcon size={16} /> Aforo en vivo
        </Link>
        {canEdit ? (
          <Link className="icon-link" to={`/eventos-externos/${event.id}/puerta`} data-testid="board-door-link">
            <TicketIcon size={16} /> Puerta (registro de entrada)
          </Link>
        ) : null}
      </div>
    </section>
  );
}

function Board({ eventId }: { eventId: number }) {
  const navigate = useNavigate();
  const { user } = useSession();
  const { event, registrations, loaded } = useSnapshot(registrationsState);
  const [search, setSearch] = useState('');
  const query = foldForSearch(useDeferredValue(search).trim());
  const { busyId, run } = useBusyRow();
  const [detailsId, setDetailsId] = useState<number | null>(null);
  useDocumentTitle(event ? `Registros · ${event.title}` : 'Registros del Evento');

  useEffect(() => {
    let cancelled = false;
    resetRegistrations(eventId);
    resetWaitlist(eventId);
    loadWaitlist(eventId).catch(() => {
      // The registrations' load decides whether the board stays; the panel reloads with the next resync.
    });
    loadRegistrations(eventId).catch(() => {
      if (cancelled) return;
      window.alert('Error al cargar los registros');
      navigate('/eventos-externos', { replace: true });
    });
    return () => {
      cancelled = true;
    };
  }, [eventId, navigate]);

  const list = registrations as ExternalRegistrationResponse[];
  const visible = list.filter((r) => matches(r, query));
  const details = detailsId === null ? null : (list.find((r) => r.id === detailsId) ?? null);

  const handlers: RegistrationHandlers = {
    canEdit: can(user, 'eventos_externos', 'edit'),
    // Spec 1 §2.7 / §6: super admins or 'delete' in eventos_externos.
    canDelete: can(user, 'eventos_externos', 'delete'),
    busyId,
    onDetails: (r) => setDetailsId(r.id),
    onConfirm: (r) =>
      run(
        r.id,
        async () => upsertRegistration(eventId, (await confirmRegistration(eventId, r.id)).registration),
        () => window.alert('Error al confirmar asistencia'),
      ),
    onUnconfirm: (r) =>
      run(
        r.id,
        async () => upsertRegistration(eventId, (await unconfirmRegistration(eventId, r.id)).registration),
        () => window.alert('Error al cancelar confirmación'),
      ),
    onDelete: async (r) => {
      if (!window.confirm(`¿Estás seguro de eliminar el registro de ${fullName(r)}?`)) return;
      await run(
        r.id,
        async () => {
          const response = await deleteRegistration(eventId, r.id);
          removeRegistration(eventId, r.id);
          if (detailsId === r.id) setDetailsId(null);
          toast.success(response.message || 'Registro eliminado exitosamente');
        },
        () => window.alert('Error al eliminar el registro'),
      );
    },
  };

  return (
    <div className="registrations-page" data-testid="registrations-page">
      <RegistrationsLiveEffect
        eventId={eventId}
        onEventDeleted={() => {
          window.alert('Este evento fue eliminado.');
          navigate('/eventos-externos', { replace: true });
        }}
      />
      <div className="board-toolbar">
        <Link className="back-link" to="/eventos-externos">
          <ArrowLeftIcon size={16} /> Volver a Eventos Externos
        </Link>
        <LiveIndicator room={ROOMS.externalEvent(eventId)} />
      </div>
      <DoorAlarmBanner kind="externo" eventId={eventId} />
      {!loaded || !event ? (
        <Spinner label="Cargando registros…" />
      ) : (
        <>
          <EventSummary event={event as ExternalEventResponse} canEdit={handlers.canEdit} />
          <RegistrationStats registrations={list} />
          <section className="card" aria-labelledby="registrations-title">
            <div className="card__header board-list__header">
              <h2 className="card__title" id="registrations-title">
                Registros
              </h2>
              <span className="counter" data-testid="registrations-count">
                {list.length}
              </span>
              <div className="board-list__tools">
                <SearchField
                  label="Buscar registros"
                  id="registrations-search"
                  value={search}
                  onValueChange={setSearch}
                  placeholder="Nombre, CURP, correo o código"
                  data-testid="registrations-search"
                />
                <ExportButtons
                  download={(format) => exportRegistrations(eventId, format)}
                  fallbackName={`registros_${event.slug}_${todayInputValue()}`}
                  onError={() => window.alert('Error al exportar los registros')}
                  testIds={{ csv: 'export-csv', xlsx: 'export-xlsx' }}
                />
              </div>
            </div>
            {list.length === 0 ? (
              <p className="empty" data-testid="registrations-empty">
                Aún no hay registros para este evento
              </p>
            ) : visible.length === 0 ? (
              <p className="empty" data-testid="registrations-no-match">
                Ningún registro coincide con la búsqueda
              </p>
            ) : (
              <RegistrationsList registrations={visible} handlers={handlers} />
            )}
          </section>
          <WaitlistPanel
            store={eventWaitlist}
            ownerId={eventId}
            canDelete={handlers.canDelete}
            contact={(e) => ({ name: fullName(e), email: e.email, phone: e.phone })}
          />
        </>
      )}
      {details ? <RegistrationDetailsModal registration={details} onClose={() => setDetailsId(null)} /> : null}
    </div>
  );
}

/** Registrations of one external event (spec 1 §2.7), live instead of the old 3 s polling. */
export function RegistrationsPage() {
  const params = useParams();
  const navigate = useNavigate();
  const eventId = Number(params.id);
  const valid = Number.isInteger(eventId) && eventId > 0;

  useEffect(() => {
    if (valid) return;
    window.alert('Error al cargar los registros');
    navigate('/eventos-externos', { replace: true });
  }, [valid, navigate]);

  if (!valid) return null;
  return <Board key={eventId} eventId={eventId} />;
}
