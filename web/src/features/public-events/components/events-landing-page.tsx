import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import type { PublicExternalEvent } from '@shared/contracts/external-events.contract';
import { ROOMS } from '@shared/events/socket-events';
import { Alert } from '../../../components/ui/alert';
import { CalendarIcon } from '../../../components/ui/landing-icons';
import { SkeletonLine } from '../../../components/ui/spinner';
import { configState, governmentName, useDocumentTitle } from '../../../lib/config';
import { LANDING_SKELETON_CARDS } from '../../../lib/constants';
import { useRoomStatus } from '../../../lib/live';
import { CALENDAR_FEED_PATH, calendarSubscribeUrl } from '../api/calendar-links';
import { PublicEventsLiveEffect } from '../live/public-events-live-effect';
import { loadPublicEvents, publicEventsState } from '../stores/public-events-store';
import { EventCard, EventCardSkeleton } from './event-card';
import { FeaturedEventBanner } from './featured-event-banner';
import '../public-events.css';
import { Button } from '../../../components/ui/button';

/** Public events landing (spec 1 §2.8). The featured event goes to the banner, not to the grid. */
export function EventsLandingPage() {
  useDocumentTitle('Eventos');
  const { municipio } = useSnapshot(configState);
  const { events, loaded, loading, error } = useSnapshot(publicEventsState);
  const roomStatus = useRoomStatus(ROOMS.publicEvents);

  useEffect(() => {
    void loadPublicEvents();
  }, []);

  // Only published events are listed; a status change arrives with the counts before the list is refetched.
  const all = (events as PublicExternalEvent[]).filter((e) => e.status === 'published');
  const featured = all.find((e) => e.is_featured) ?? null;
  const others = all.filter((e) => !e.is_featured);

  return (
    <div className="landing" data-testid="events-landing" data-live={roomStatus ?? 'offline'}>
      <PublicEventsLiveEffect />
      <header className="landing__intro">
        <p className="landing__eyebrow">{governmentName(municipio)}</p>
        <h1 className="landing__title">Eventos públicos</h1>
        <p className="landing__text">Consulta los próximos eventos del municipio y regístrate en línea, sin costo.</p>
        <p className="landing__calendar">
          <a className="icon-link calendar-link" href={calendarSubscribeUrl()} data-testid="calendar-subscribe">
            <CalendarIcon size={18} /> Suscribirse al calendario
          </a>
          <span className="muted">
            {' '}
            (o{' '}
            <a href={CALENDAR_FEED_PATH} download="eventos.ics" data-testid="calendar-file">
              descarga el archivo .ics
            </a>{' '}
            para tu aplicación de calendario)
          </span>
        </p>
      </header>

      {!loaded && loading ? (
        <div className="featured featured--loading" aria-hidden="true">
          <div className="featured__content">
            <SkeletonLine width="9rem" height="1.2rem" />
            <SkeletonLine width="70%" height="2rem" />
            <SkeletonLine width="85%" />
            <SkeletonLine width="50%" />
          </div>
        </div>
      ) : featured ? (
        <FeaturedEventBanner event={featured} />
      ) : null}

      {error && !loaded ? (
        <Alert kind="error" testId="landing-error">
          {error}{' '}
          <Button size="sm" onClick={() => void loadPublicEvents()}>
            Reintentar
          </Button>
        </Alert>
      ) : null}

      <section className="landing__grid-section" aria-labelledby="events-grid-title">
        <h2 className="section-title" id="events-grid-title" data-testid="events-grid-title">
          {featured ? 'Otros Eventos Disponibles' : 'Todos los Eventos'}
        </h2>
        {!loaded ? (
          loading || !error ? (
            <div className="event-grid" aria-busy="true" aria-label="Cargando eventos">
              {Array.from({ length: LANDING_SKELETON_CARDS }, (_, i) => (
                <EventCardSkeleton key={i} />
              ))}
            </div>
          ) : null
        ) : others.length === 0 ? (
          <p className="empty" data-testid="events-empty">
            No hay eventos disponibles
          </p>
        ) : (
          <div className="event-grid" data-testid="event-grid">
            {others.map((event) => (
              <EventCard key={event.id} event={event} />
            ))}
          </div>
        )}
      </section>
    </div>
  );
}
