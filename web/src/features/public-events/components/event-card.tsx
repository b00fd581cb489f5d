import { Link } from 'react-router-dom';
import type { PublicExternalEvent } from '@shared/contracts/external-events.contract';
import { CalendarIcon, ClockIcon, PinIcon } from '../../../components/ui/landing-icons';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { SkeletonLine } from '../../../components/ui/spinner';
import { formatDate, formatTimeRange } from '../../../lib/format';
import { placesBadge, placesLeft, placesLeftText, placesPercent, placesTone } from '../places';

/** An event's date, time range and place, each after its icon (the cards and the featured banner). */
export function EventFacts({ event, className, iconSize }: { event: PublicExternalEvent; className: string; iconSize: number }) {
  return (
    <ul className={className}>
      <li>
        <CalendarIcon size={iconSize} /> {formatDate(event.event_date)}
      </li>
      <li>
        <ClockIcon size={iconSize} /> {formatTimeRange(event.event_date, event.end_date)}
      </li>
      <li>
        <PinIcon size={iconSize} /> {event.location}
      </li>
    </ul>
  );
}

export function PlacesBadge({ event }: { event: Pick<PublicExternalEvent, 'max_attendees' | 'current_attendees'> }) {
  const badge = placesBadge(event);
  if (!badge) return null;
  return (
    <span className={`badge ${badge === 'Lleno' ? 'badge--full' : 'badge--last'}`} data-testid="places-badge">
      {badge}
    </span>
  );
}

/** Places progress bar with the landing colours (spec 1 §9). */
export function PlacesBar({ event }: { event: Pick<PublicExternalEvent, 'max_attendees' | 'current_attendees'> }) {
  const percent = placesPercent(event);
  const left = placesLeft(event);
  return (
    <div className="places" data-testid="places">
      <div className="places__text">
        <span data-testid="places-left">{placesLeftText(left)}</span>
        <span className="muted">
          {event.current_attendees}/{event.max_attendees}
        </span>
      </div>
      <ProgressBar percent={percent} tone={placesTone(percent)} label={`Lugares ocupados: ${Math.round(percent)}%`} testId="places-bar" />
    </div>
  );
}

/** One event of the landing grid: date, time range, location, description, places and badge. */
export function EventCard({ event }: { event: PublicExternalEvent }) {
  const to = `/eventos/${encodeURIComponent(event.slug)}`;
  return (
    <article className="event-card" data-testid="event-card" data-slug={event.slug}>
      <Link to={to} className="event-card__media" tabIndex={-1} aria-hidden="true">
        {event.image_url ? <img src={event.image_url} alt="" loading="lazy" /> : <span className="event-card__placeholder" />}
        <span className="event-card__badge">
          <PlacesBadge event={event} />
        </span>
      </Link>
      <div className="event-card__body">
        <h3 className="event-card__title">
          <Link to={to}>{event.title}</Link>
        </h3>
        <EventFacts event={event} className="meta-list meta-list--stacked" iconSize={16} />
        <p className="event-card__description">{event.description}</p>
        <PlacesBar event={event} />
        <Link to={to} className="btn btn--primary btn--block event-card__cta">
          Ver detalles
        </Link>
      </div>
    </article>
  );
}

export function EventCardSkeleton() {
  return (
    <div className="event-card event-card--skeleton" data-testid="event-card-skeleton" aria-hidden="true">
      <span className="event-card__media skeleton" />
      <div className="event-card__body">
        <SkeletonLine width="75%" height="1.3rem" />
        <SkeletonLine width="55%" />
        <SkeletonLine width="45%" />
        <SkeletonLine width="60%" />
        <SkeletonLine height="3rem" />
        <SkeletonLine height="0.6rem" />
        <SkeletonLine height="2.4rem" />
      </div>
    </div>
  );
}
