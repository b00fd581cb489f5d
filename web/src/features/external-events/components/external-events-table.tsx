import { Link } from 'react-router-dom';
import type { ExternalEventResponse } from '@shared/contracts/external-events.contract';
import { ExternalLinkIcon, StarIcon } from '../../../components/ui/icons';
import { formatShortDate, formatTime } from '../../../lib/format';
import { AttendanceBar } from './attendance-bar';
import { EventStatusBadge } from './event-status-badge';

export interface RowPermissions {
  edit: boolean;
  delete: boolean;
}

/** The table of spec 1 §2.6: title, date, registrations, % attendance, status, view, actions. */
export function ExternalEventsTable({
  events,
  can,
  busyId,
  onToggleFeatured,
  onEdit,
  onDelete,
}: {
  events: readonly ExternalEventResponse[];
  can: RowPermissions;
  busyId: number | null;
  onToggleFeatured: (event: ExternalEventResponse) => void;
  onEdit: (event: ExternalEventResponse) => void;
  onDelete: (event: ExternalEventResponse) => void;
}) {
  if (events.length === 0) {
    return (
      <p className="empty" data-testid="external-events-empty">
        No hay eventos creados aún
      </p>
    );
  }
  return (
    <div className="table-wrap">
      <table className="table table--responsive events-table" data-testid="external-events-table">
        <thead>
          <tr>
            <th scope="col">Título</th>
            <th scope="col">Fecha</th>
            <th scope="col">Registros</th>
            <th scope="col">% Asistencia</th>
            <th scope="col">Estado</th>
            <th scope="col">Ver</th>
            <th scope="col" className="table__actions-head">
              Acciones
            </th>
          </tr>
        </thead>
        <tbody>
          {events.map((event) => {
            const busy = busyId === event.id;
            return (
              <tr key={event.id} data-testid="external-event-row" data-event-id={event.id} data-slug={event.slug}>
                <td data-label="Título" className="event-title-cell">
                  <span className="event-cell">
                    {event.image_url ? (
                      <img className="event-cell__thumb" src={event.image_url} alt="" loading="lazy" />
                    ) : (
                      <span className="event-cell__thumb event-cell__thumb--empty" aria-hidden="true" />
                    )}
                    <span className="event-cell__text">
                      <span className="event-cell__title">{event.title}</span>
                      {event.is_featured ? (
                        <span className="tag tag--featured" data-testid="featured-tag">
                          Destacado
                        </span>
                      ) : null}
                    </span>
                  </span>
                </td>
                <td data-label="Fecha">
                  <span className="date-cell">
                    <span>{formatShortDate(event.event_date)}</span>
                    <span className="muted">{formatTime(event.event_date)}</span>
                  </span>
                </td>
                <td data-label="Registros" className="num-cell" data-testid="event-registrations">
                  {event.current_attendees}/{event.max_attendees}
                </td>
                <td data-label="% Asistencia">
                  <AttendanceBar current={event.current_attendees} max={event.max_attendees} />
                </td>
                <td data-label="Estado">
                  <EventStatusBadge status={event.status} />
                </td>
                <td data-label="Ver">
                  <a
                    className="icon-link"
                    href={`/eventos/${encodeURIComponent(event.slug)}`}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`Ver la página pública de ${event.title} (se abre en una pestaña nueva)`}
                    data-testid="view-public"
                  >
                    <ExternalLinkIcon size={16} /> Ver
                  </a>
                </td>
                <td data-label="Acciones" className="table__actions">
                  {can.edit && event.status === 'published' ? (
                    <button
                      type="button"
                      className={`star-toggle ${event.is_featured ? 'star-toggle--on' : ''}`}
                      onClick={() => onToggleFeatured(event)}
                      disabled={busy}
                      aria-pressed={event.is_featured}
                      aria-label={event.is_featured ? `Quitar destacado de ${event.title}` : `Destacar ${event.title}`}
                      title={event.is_featured ? 'Quitar destacado' : 'Destacar evento'}
                      data-testid="toggle-featured"
                    >
                      <StarIcon size={18} filled={event.is_featured} />
                    </button>
                  ) : null}
                  <Link
                    className="btn btn--sm btn--secondary"
                    to={`/eventos-externos/${event.id}/registros`}
                    data-testid="view-registrations"
                  >
                    Ver Registros
                  </Link>
                  {can.edit ? (
                    <button
                      type="button"
                      className="btn btn--sm btn--secondary"
                      onClick={() => onEdit(event)}
                      aria-label={`Editar ${event.title}`}
                      data-testid="edit-event"
                    >
                      Editar
                    </button>
                  ) : null}
                  {can.delete && event.status === 'draft' ? (
                    <button
                      type="button"
                      className="btn btn--sm btn--danger"
                      onClick={() => onDelete(event)}
                      disabled={busy}
                      aria-label={`Eliminar ${event.title}`}
                      data-testid="delete-event"
                    >
                      Eliminar
                    </button>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
