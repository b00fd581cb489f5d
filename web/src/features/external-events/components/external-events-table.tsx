import { Link } from 'react-router-dom';
import type { ExternalEventResponse } from '@shared/contracts/external-events.contract';
import { DataTable, type RowEditing, EmptyMessage } from '../../../components/ui/data-table';
import { EditDeleteButtons, FeaturedToggle, PublicPageLink } from '../../../components/ui/row-actions';
import { formatShortDate, formatTime } from '../../../lib/format';
import { AttendanceBar } from './attendance-bar';
import { EventStatusBadge } from './event-status-badge';

/** The table of spec 1 §2.6: title, date, registrations, % attendance, status, view, actions. */
export function ExternalEventsTable({
  events,
  editing,
  onToggleFeatured,
}: {
  events: readonly ExternalEventResponse[];
  editing: RowEditing<ExternalEventResponse>;
  onToggleFeatured: (event: ExternalEventResponse) => void;
}) {
  if (events.length === 0) return <EmptyMessage testId="external-events-empty">No hay eventos creados aún</EmptyMessage>;
  return (
    <DataTable
      className="events-table"
      testId="external-events-table"
      columns={['Título', 'Fecha', 'Registros', '% Asistencia', 'Estado', 'Ver']}
    >
      {events.map((event) => {
        const busy = editing.busyId === event.id;
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
              <PublicPageLink
                href={`/eventos/${encodeURIComponent(event.slug)}`}
                label="Ver"
                ariaLabel={`Ver la página pública de ${event.title} (se abre en una pestaña nueva)`}
              />
            </td>
            <td data-label="Acciones" className="table__actions">
              {editing.can.edit && event.status === 'published' ? (
                <FeaturedToggle
                  featured={event.is_featured}
                  name={event.title}
                  featureTitle="Destacar evento"
                  disabled={busy}
                  onToggle={() => onToggleFeatured(event)}
                />
              ) : null}
              <Link className="btn btn--sm btn--secondary" to={`/eventos-externos/${event.id}/registros`} data-testid="view-registrations">
                Ver Registros
              </Link>
              <EditDeleteButtons row={event} name={event.title} kind="event" editing={editing} deletable={event.status === 'draft'} />
            </td>
          </tr>
        );
      })}
    </DataTable>
  );
}
