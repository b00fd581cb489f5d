import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import type { PublicEventPageResponse } from '@shared/contracts/external-events.contract';
import { WAITLIST_JOIN_SENT } from '@shared/contracts/waitlist.contract';
import { ROOMS } from '@shared/events/socket-events';
import { Alert } from '../../../components/ui/alert';
import { CheckList } from '../../../components/ui/check-list';
import {
  AlertIcon,
  ArrowLeftIcon,
  CalendarIcon,
  CheckIcon,
  ClockIcon,
  PeopleIcon,
  PinIcon,
  TicketIcon,
} from '../../../components/ui/icons';
import { NotFoundPanel } from '../../../components/ui/not-found-panel';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { Spinner } from '../../../components/ui/spinner';
import { useFocusOnShow } from '../../../components/ui/public-form';
import { useDocumentTitle } from '../../../lib/config';
import { formatDate, formatShortDate, formatTime, waitlistText } from '../../../lib/format';
import { useRoomStatus } from '../../../lib/live';
import { eventCalendarPath } from '../api/calendar-links';
import { PublicEventLiveEffect } from '../live/public-event-live-effect';
import { isFull, placesLeft, placesPercent, placesTone } from '../places';
import { loadPublicEvent, publicEventState, resetPublicEvent } from '../stores/public-event-store';
import { PlacesBadge } from './event-card';
import { RegistrationForm } from './registration-form';
import '../public-events.css';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';

function AllEventsLink() {
  return (
    <Link className="back-link" to="/eventos" data-testid="all-events-link">
      <ArrowLeftIcon size={16} /> Ver todos los eventos
    </Link>
  );
}

function NotFound() {
  useDocumentTitle('Evento No Encontrado');
  return (
    <NotFoundPanel
      title="Evento No Encontrado"
      text="El evento que buscas no existe o ha sido cancelado."
      testId="event-not-found"
      actions={
        <Link className="btn btn--primary" to="/eventos">
          Ver todos los eventos
        </Link>
      }
    />
  );
}

/** Banners for draft preview, completed and cancelled events. */
function StateBanner({ page }: { page: PublicEventPageResponse }) {
  if (page.is_preview) {
    return (
      <Alert kind="warning" testId="preview-banner">
        <strong>Vista previa (borrador).</strong> Este evento aún no está publicado. Solo usuarios autorizados pueden verlo.
      </Alert>
    );
  }
  if (page.is_cancelled) {
    return (
      <Alert kind="error" testId="cancelled-banner">
        <strong>Evento cancelado.</strong> Este evento fue cancelado; el registro está cerrado.
      </Alert>
    );
  }
  if (page.is_completed) {
    return (
      <Alert kind="info" testId="completed-banner">
        <strong>Evento finalizado.</strong> Este evento ya se realizó; el registro está cerrado.
      </Alert>
    );
  }
  return null;
}

function Panel({
  kind,
  title,
  children,
  testId,
  focusOnShow = false,
}: {
  kind: 'success' | 'full' | 'closed';
  title: string;
  children: ReactNode;
  testId: string;
  /** Moves focus to the title when shown (the outcome of a submit), scrolled into view. */
  focusOnShow?: boolean;
}) {
  const titleRef = useFocusOnShow<HTMLHeadingElement>(focusOnShow);
  return (
    <div className={`result-panel result-panel--${kind}`} role="status" data-testid={testId}>
      <span className="result-panel__icon" aria-hidden="true">
        {kind === 'success' ? <CheckIcon size={26} /> : kind === 'full' ? <PeopleIcon size={26} /> : <AlertIcon size={26} />}
      </span>
      <h3 className="result-panel__title" ref={titleRef} tabIndex={focusOnShow ? -1 : undefined}>
        {title}
      </h3>
      {children}
    </div>
  );
}

/** The right-hand panel: success, a closed state (draft, completed, cancelled, full) or the form. */
function RegistrationPanel({ page }: { page: PublicEventPageResponse }) {
  const [success, setSuccess] = useState<{ message: string; name: string; waitlist: boolean } | null>(null);
  const focusFormRef = useRef(false);
  const { event } = page;

  // Back to an empty form: focus its first field rather than leaving it on a button that is gone.
  useEffect(() => {
    if (success || !focusFormRef.current) return;
    focusFormRef.current = false;
    document.getElementById('reg-nombre')?.focus();
  }, [success]);
  const registerAnother = () => {
    focusFormRef.current = true;
    setSuccess(null);
  };

  let content: ReactNode;
  if (success?.waitlist) {
    content = (
      <Panel kind="success" title="Revisa tu correo" testId="waitlist-success" focusOnShow>
        <p data-testid="waitlist-success-message">{success.message || WAITLIST_JOIN_SENT}</p>
        <p>
          Gracias, {success.name}. Tu lugar en la lista de espera de {event.title} cuenta desde que abres el enlace del correo y lo
          confirmas; sin confirmar, la solicitud se descarta en unas horas. Si se libera un lugar, te lo ofreceremos por correo en el orden
          de la lista.
        </p>
        <Button onClick={registerAnother}>Anotar a otra persona</Button>
      </Panel>
    );
  } else if (success) {
    content = (
      <Panel kind="success" title="¡Registro Exitoso!" testId="registration-success" focusOnShow>
        {/* The server's message is shown unless it only repeats the panel's title. */}
        <p>
          {success.message && success.message !== '¡Registro Exitoso!'
            ? success.message
            : `Gracias, ${success.name}. Tu lugar en ${event.title} quedó registrado.`}
        </p>
        <p className="muted">Guarda esta confirmación; el día del evento el personal confirmará tu asistencia.</p>
        <Button onClick={registerAnother}>Registrar a otra persona</Button>
      </Panel>
    );
  } else if (page.is_preview) {
    content = (
      <Panel kind="closed" title="Registro no disponible" testId="registration-closed">
        <p>El registro se abrirá cuando el evento se publique.</p>
      </Panel>
    );
  } else if (page.is_cancelled) {
    content = (
      <Panel kind="closed" title="Evento Cancelado" testId="registration-closed">
        <p>Este evento fue cancelado y ya no acepta registros.</p>
      </Panel>
    );
  } else if (page.is_completed) {
    content = (
      <Panel kind="closed" title="Evento Finalizado" testId="registration-closed">
        <p>Este evento ya se realizó y ya no acepta registros.</p>
      </Panel>
    );
  } else if (isFull(event)) {
    content = (
      <>
        <Panel kind="full" title="Evento Lleno" testId="event-full">
          <p>Lo sentimos, ya no hay lugares disponibles para este evento.</p>
          <p>
            Únete a la lista de espera: si alguien cancela, te ofreceremos su lugar por correo.{' '}
            <span data-testid="waitlist-count">{waitlistText(event.waitlist_count)}</span>.
          </p>
          <Link className="btn btn--secondary" to="/eventos">
            Ver otros eventos
          </Link>
        </Panel>
        <RegistrationForm slug={event.slug} waitlist onRegistered={(message, name) => setSuccess({ message, name, waitlist: true })} />
      </>
    );
  } else {
    content = <RegistrationForm slug={event.slug} onRegistered={(message, name) => setSuccess({ message, name, waitlist: false })} />;
  }

  return (
    <aside className="event-page__aside" id="registro" aria-labelledby="registration-title">
      <div className="card register-box">
        <h2 className="card__title" id="registration-title">
          Registro
        </h2>
        {content}
      </div>
    </aside>
  );
}

function EventDetails({ page }: { page: PublicEventPageResponse }) {
  const { event } = page;
  useDocumentTitle(event.title);
  const roomStatus = useRoomStatus(ROOMS.publicEvent(event.id));
  const left = placesLeft(event);
  const open = !page.is_preview && !page.is_cancelled && !page.is_completed && !isFull(event);
  const endText = event.end_date
    ? formatShortDate(event.end_date) === formatShortDate(event.event_date)
      ? formatTime(event.end_date)
      : `${formatShortDate(event.end_date)}, ${formatTime(event.end_date)}`
    : 'Por confirmar';
  const facts = [
    { key: 'date', icon: <CalendarIcon size={20} />, label: 'Fecha', value: formatDate(event.event_date) },
    { key: 'start', icon: <ClockIcon size={20} />, label: 'Hora de inicio', value: formatTime(event.event_date) },
    { key: 'end', icon: <ClockIcon size={20} />, label: 'Hora de fin', value: endText },
    {
      key: 'capacity',
      icon: <TicketIcon size={20} />,
      label: 'Capacidad total',
      value: event.max_attendees === 1 ? '1 persona' : `${event.max_attendees} personas`,
    },
  ];

  return (
    <div className="event-page" data-testid="public-event" data-event-id={event.id} data-live={roomStatus ?? 'offline'}>
      <PublicEventLiveEffect eventId={event.id} slug={event.slug} />
      <AllEventsLink />
      <StateBanner page={page} />
      <header className="event-hero">
        <div className="event-hero__media">
          {event.image_url ? (
            <img src={event.image_url} alt={`Imagen de ${event.title}`} />
          ) : (
            <span className="event-hero__placeholder" aria-hidden="true" />
          )}
        </div>
        <div className="event-hero__content">
          <h1 className="event-hero__title">{event.title}</h1>
          <p className="event-hero__location">
            <PinIcon size={18} /> {event.location}
          </p>
        </div>
      </header>
      <div className="event-page__layout">
        <div className="event-page__main">
          <dl className="facts" data-testid="event-facts">
            {facts.map((fact) => (
              <div key={fact.key} className={`fact fact--${fact.key}`} data-testid={`fact-${fact.key}`}>
                <span className="fact__icon" aria-hidden="true">
                  {fact.icon}
                </span>
                <dt className="fact__label">{fact.label}</dt>
                <dd className="fact__value">{fact.value}</dd>
              </div>
            ))}
          </dl>
          {event.status === 'published' ? (
            <p className="event-page__calendar">
              <a
                className="icon-link calendar-link"
                href={eventCalendarPath(event.slug)}
                download={`${event.slug}.ics`}
                data-testid="event-calendar"
              >
                <CalendarIcon size={18} /> Agregar a mi calendario (.ics)
              </a>
            </p>
          ) : null}
          <section className="places-box" aria-labelledby="places-title" data-testid="fact-places">
            <div className="places-box__head">
              <h2 className="places-box__title" id="places-title">
                Lugares disponibles
              </h2>
              <PlacesBadge event={event} />
            </div>
            <p className="places-box__count" aria-live="polite">
              <strong data-testid="places-left-count">{left}</strong> de {event.max_attendees}
            </p>
            <ProgressBar
              percent={placesPercent(event)}
              tone={placesTone(placesPercent(event))}
              label={`Lugares ocupados: ${Math.round(placesPercent(event))}%`}
            />
            {event.waitlist_count > 0 || (isFull(event) && !page.is_preview && !page.is_cancelled && !page.is_completed) ? (
              <p className="places-box__waitlist" data-testid="places-waitlist">
                {waitlistText(event.waitlist_count)}
              </p>
            ) : null}
            {open ? (
              <a className="btn btn--primary places-box__jump" href="#registro">
                Registrarme
              </a>
            ) : !page.is_preview && !page.is_cancelled && !page.is_completed ? (
              <a className="btn btn--primary places-box__jump" href="#registro">
                Lista de espera
              </a>
            ) : null}
          </section>
          <Card title="Descripción">
            <p className="event-description">{event.description}</p>
          </Card>
          {event.requirements?.length ? (
            <Card title="Requisitos" testId="event-requirements">
              <CheckList items={event.requirements} />
            </Card>
          ) : null}
          {event.agenda?.length ? (
            <Card title="Agenda" testId="event-agenda">
              <ol className="agenda-list">
                {event.agenda.map((item, i) => (
                  <li key={i}>{item}</li>
                ))}
              </ol>
            </Card>
          ) : null}
        </div>
        <RegistrationPanel page={page} />
      </div>
    </div>
  );
}

/** Public external event page and registration (spec 1 §2.9). */
export function PublicEventPage() {
  const { slug = '' } = useParams();
  const { status, page, error } = useSnapshot(publicEventState);

  useEffect(() => {
    resetPublicEvent(slug);
    void loadPublicEvent(slug);
  }, [slug]);

  if (status === 'not-found') return <NotFound />;
  if (status === 'error') {
    return (
      <div className="event-page">
        <AllEventsLink />
        <Alert kind="error" testId="event-load-error">
          {error}{' '}
          <Button size="sm" onClick={() => void loadPublicEvent(slug)}>
            Reintentar
          </Button>
        </Alert>
      </div>
    );
  }
  if (status === 'loading' || !page) return <LoadingEvent />;
  return <EventDetails key={page.event.id} page={page as PublicEventPageResponse} />;
}

function LoadingEvent() {
  useDocumentTitle('Evento');
  return <Spinner label="Cargando evento…" />;
}
