import { Link, useNavigate, useParams } from 'react-router-dom';
import { ROOMS } from '@shared/events/socket-events';
import { Alert } from '../../../components/ui/alert';
import { DoorAlarmBanner } from '../../../components/ui/door-alarm-banner';
import { ArrowLeftIcon } from '../../../components/ui/icons';
import { LiveIndicator } from '../../../components/ui/live-indicator';
import { Spinner } from '../../../components/ui/spinner';
import { useSession } from '../../../lib/auth';
import { useDocumentTitle } from '../../../lib/config';
import { can } from '../../../lib/permissions';
import { toast } from '../../../lib/toast';
import { InternalEventLiveEffect } from '../live/internal-event-live-effect';
import { AttendeeCounters } from './attendee-counters';
import { AttendeesCard } from './attendees-card';
import { InternalEventSummary } from './internal-event-summary';
import { InvitationsPanel } from './invitations-panel';
import { useInternalEventBoard } from './use-internal-event-board';
import '../internal-events.css';

function Board({ eventId }: { eventId: number }) {
  const { user } = useSession();
  const navigate = useNavigate();
  const { failed, loaded, evento, asistentes, invitationJob } = useInternalEventBoard(eventId);
  const canEdit = can(user, 'eventos_internos', 'edit');
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
  if (!loaded || !evento) return <Spinner label="Cargando evento…" />;

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
      <InternalEventSummary evento={evento} canEdit={canEdit} />
      <AttendeeCounters evento={evento} />
      {invitationJob ? <InvitationsPanel job={invitationJob} /> : null}
      {/* Invitations by e-mail go only for a confirmed event (its public page confirms; the server says the same). */}
      <AttendeesCard evento={evento} asistentes={asistentes} canEdit={canEdit} canInvite={canEdit && evento.estado === 'confirmado'} />
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
