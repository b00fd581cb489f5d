import { Link } from 'react-router-dom';
import type { InternalEventResponse } from '@shared/contracts/internal-events.contract';
import { CorreosLink } from '../../../components/ui/correos-link';
import { CalendarIcon, ExternalLinkIcon, PinIcon } from '../../../components/ui/icons';
import { formatDateTime } from '../../../lib/format';
import { EstadoBadge, TipoBadge } from './internal-event-badges';

/** The event at the top of its board: state, type, dates, place, space, failed codes, and where to go from here. */
export function InternalEventSummary({ evento, canEdit }: { evento: InternalEventResponse; canEdit: boolean }) {
  const espacio = evento.espacios[0];
  return (
    <section className="card ie-summary" data-testid="ie-summary">
      <div className="ie-summary__main">
        <div className="badge-row">
          <EstadoBadge estado={evento.estado} />
          <TipoBadge tipo={evento.tipo} />
        </div>
        <h1 className="ie-summary__title">{evento.titulo}</h1>
        {evento.descripcion ? <p className="text-secondary multiline">{evento.descripcion}</p> : null}
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
  );
}
