import { Link } from 'react-router-dom';
import type { PublicExternalEvent } from '@shared/contracts/external-events.contract';
import { placesLeft, placesLeftText } from '../places';
import { EventFacts, PlacesBadge } from './event-card';

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
        <EventFacts event={event} className="featured__meta" iconSize={18} />
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
