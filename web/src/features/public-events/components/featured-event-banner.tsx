import { Link } from 'react-router-dom';
import type { PublicExternalEvent } from '@shared/contracts/external-events.contract';
import { CalendarIcon, ClockIcon, PinIcon } from '../../../components/ui/icons';
import { formatDate, formatTimeRange } from '../../../lib/format';
import { placesLeft, placesLeftText } from '../places';
import { PlacesBadge } from './event-card';

/** The featured event of the landing (spec 1 §2.8), with 'Registrarse Ahora'. */
export function FeaturedEventBanner({ event }: { event: PublicExternalEvent }) {
  return (
    <section className="featured" aria-labelledby="featured-title" data-testid="featured-event" data-slug={event.slug}>
      <div className="featured__content">
        <span className="badge badge--gold">Evento Destacado</span>
        <h2 className="featured__title" id="featured-title">
          {event.title}
        </h2>
        <p className="featured__description">{event.description}</p>
        <ul className="featured__meta">
          <li>
            <CalendarIcon size={18} /> {formatDate(event.event_date)}
          </li>
          <li>
            <ClockIcon size={18} /> {formatTimeRange(event.event_date, event.end_date)}
          </li>
          <li>
            <PinIcon size={18} /> {event.location}
          </li>
        </ul>
        <div className="featured__actions">
          <Link className="btn btn--light btn--lg" to={`/eventos/${encodeURIComponent(event.slug)}`} data-testid="featured-register">
            Registrarse Ahora
          </Link>
          <span className="featured__places" data-testid="featured-places">
            {placesLeftText(placesLeft(event))}
          </span>
          <PlacesBadge event={event} />
        </div>
      </div>
      <div className="featured__media" aria-hidden="true">
        {event.image_url ? <img src={event.image_url} alt="" /> : <span className="featured__placeholder" />}
      </div>
    </section>
  );
}
