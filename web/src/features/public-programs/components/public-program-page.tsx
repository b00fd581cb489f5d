import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import type { PublicPrograma } from '@shared/contracts/programs.contract';
import { WAITLIST_JOIN_SENT } from '@shared/contracts/waitlist.contract';
import { ROOMS } from '@shared/events/socket-events';
import { CheckList } from '../../../components/ui/check-list';
import { NotFoundPanel } from '../../../components/ui/not-found-panel';
import { CalendarIcon, CheckIcon, PeopleIcon, PinIcon } from '../../../components/ui/icons';
import { SkeletonLine } from '../../../components/ui/spinner';
import { useDocumentTitle } from '../../../lib/config';
import { formatDateTime, waitlistText } from '../../../lib/format';
import { useRoomStatus } from '../../../lib/live';
import { PublicProgramLiveEffect } from '../live/public-program-live-effect';
import { loadPublicProgram, publicProgramState, resetPublicProgram } from '../stores/public-program-store';
import { ProgramApplicationForm } from './program-application-form';
import '../public-programs.css';

function NotFound() {
  useDocumentTitle('Programa No Encontrado');
  return (
    <NotFoundPanel
      title="Programa No Encontrado"
      text="El programa que buscas no existe o ha sido cerrado."
      testId="program-not-found"
      actions={
        <Link className="btn btn--primary" to="/eventos">
          Ver eventos disponibles
        </Link>
      }
    />
  );
}

function LoadingProgram() {
  useDocumentTitle('Programa');
  return (
    <div className="program-page" aria-busy="true" data-testid="program-skeleton">
      <span className="visually-hidden" role="status">
        Cargando programa…
      </span>
      <div className="program-page__layout">
        <div className="card program-card">
          <span className="skeleton program-skeleton__banner" />
          <SkeletonLine width="70%" height="1.6rem" />
          <SkeletonLine />
          <SkeletonLine width="85%" />
          <SkeletonLine width="60%" />
        </div>
        <div className="card">
          <SkeletonLine width="50%" height="1.4rem" />
          {[0, 1, 2, 3, 4].map((i) => (
            <SkeletonLine key={i} height="2.4rem" />
          ))}
        </div>
      </div>
    </div>
  );
}

function Places({ programa }: { programa: PublicPrograma }) {
  if (programa.lugares_disponibles === null) {
    return (
      <p className="program-card__fact" data-testid="program-places">
        <PeopleIcon size={18} /> Cupo abierto, sin límite de participantes
      </p>
    );
  }
  // Full: the number waiting instead (counts only).
  const full = programa.lugares_disponibles <= 0;
  return (
    <p className="program-card__fact" aria-live="polite" data-testid="program-places">
      <PeopleIcon size={18} />
      <span>
        <strong data-testid="program-places-left">{programa.lugares_disponibles}</strong>{' '}
        {programa.lugares_disponibles === 1 ? 'lugar disponible' : 'lugares disponibles'} de {programa.max_participantes}
        {full || programa.waitlist_count > 0 ? (
          <>
            {' · '}
            <span data-testid="program-waitlist-count">{waitlistText(programa.waitlist_count)}</span>
          </>
        ) : null}
      </span>
    </p>
  );
}

function ProgramCard({ programa }: { programa: PublicPrograma }) {
  return (
    <article className="card program-card" aria-labelledby="program-title" data-testid="program-card">
      {/* The image, or a banner carrying the title (spec 3 §2.7). */}
      {programa.imagen_url ? (
        <>
          <img className="program-card__image" src={programa.imagen_url} alt={`Imagen de ${programa.nombre}`} />
          <h1 className="program-card__title" id="program-title">
            {programa.nombre}
          </h1>
        </>
      ) : (
        <div className="program-card__banner">
          <h1 className="program-card__title program-card__title--banner" id="program-title">
            {programa.nombre}
          </h1>
        </div>
      )}
      <div className="program-card__facts">
        {programa.tipo === 'continuo' ? (
          <span className="badge badge--gold" data-testid="program-continuous">
            Programa Continuo
          </span>
        ) : programa.fecha_inicio ? (
          <p className="program-card__fact" data-testid="program-start">
            <CalendarIcon size={18} /> Inicia el {formatDateTime(programa.fecha_inicio)}
          </p>
        ) : null}
        {programa.ubicacion ? (
          <p className="program-card__fact">
            <PinIcon size={18} /> {programa.ubicacion}
          </p>
        ) : null}
        <Places programa={programa} />
      </div>
      <p className="program-card__description">{programa.descripcion}</p>
      <ProgramList id="program-requisitos" title="Requisitos" items={programa.requisitos} />
      <ProgramList id="program-beneficios" title="Beneficios" items={programa.beneficios} />
    </article>
  );
}

/** Requisitos or Beneficios, when the program lists any. */
function ProgramList({ id, title, items }: { id: string; title: string; items: readonly string[] }) {
  if (!items.length) return null;
  return (
    <section aria-labelledby={id} data-testid={id}>
      <h2 className="program-card__subtitle" id={id}>
        {title}
      </h2>
      <CheckList items={items} />
    </section>
  );
}

function ProgramDetails({ programa }: { programa: PublicPrograma }) {
  useDocumentTitle(programa.nombre);
  const roomStatus = useRoomStatus(ROOMS.publicProgram(programa.id));
  const [registeredName, setRegisteredName] = useState<string | null>(null);
  /** After joining the waitlist: the first name (the place in line is taken by the link mailed to the address). */
  const [joined, setJoined] = useState<{ name: string } | null>(null);
  const successRef = useRef<HTMLHeadingElement>(null);
  const full = programa.lugares_disponibles !== null && programa.lugares_disponibles <= 0;

  useEffect(() => {
    if (registeredName !== null || joined !== null) successRef.current?.focus();
  }, [registeredName, joined]);

  return (
    <div className="program-page" data-testid="public-program" data-program-id={programa.id} data-live={roomStatus ?? 'offline'}>
      <PublicProgramLiveEffect programaId={programa.id} slug={programa.slug} />
      <div className="program-page__layout">
        <ProgramCard programa={programa} />
        <div className="card program-page__form">
          {registeredName !== null ? (
            <div className="result-panel result-panel--success" data-testid="application-success">
              <span className="result-panel__icon" aria-hidden="true">
                <CheckIcon size={26} />
              </span>
              <h2 className="result-panel__title" tabIndex={-1} ref={successRef}>
                ¡Registro Exitoso!
              </h2>
              <p>
                Gracias, {registeredName}. Recibimos tu registro a {programa.nombre}; nos pondremos en contacto contigo pronto.
              </p>
            </div>
          ) : joined !== null ? (
            <div className="result-panel result-panel--success" data-testid="program-waitlist-success">
              <span className="result-panel__icon" aria-hidden="true">
                <CheckIcon size={26} />
              </span>
              <h2 className="result-panel__title" tabIndex={-1} ref={successRef}>
                Revisa tu correo
              </h2>
              <p data-testid="program-waitlist-success-message">{WAITLIST_JOIN_SENT}</p>
              <p>
                Gracias, {joined.name}. Tu lugar en la lista de espera de {programa.nombre} cuenta desde que abres el enlace del correo y lo
                confirmas; sin confirmar, la solicitud se descarta en unas horas. Si se libera un lugar, te lo ofreceremos por correo en el
                orden de la lista.
              </p>
            </div>
          ) : full ? (
            <>
              <div className="result-panel result-panel--full" role="status" data-testid="program-full">
                <span className="result-panel__icon" aria-hidden="true">
                  <PeopleIcon size={26} />
                </span>
                <h2 className="result-panel__title">Programa Lleno</h2>
                <p>Lo sentimos, este programa ya no tiene lugares disponibles.</p>
                <p>
                  Únete a la lista de espera: si alguien cancela, te ofreceremos su lugar por correo.{' '}
                  <span data-testid="program-full-waitlist-count">{waitlistText(programa.waitlist_count)}</span>.
                </p>
              </div>
              <ProgramApplicationForm slug={programa.slug} waitlist onRegistered={(name) => setJoined({ name })} />
            </>
          ) : (
            <ProgramApplicationForm slug={programa.slug} onRegistered={setRegisteredName} />
          )}
        </div>
      </div>
    </div>
  );
}

/** Public program registration (spec 3 §2.7): /programas/{slug}, no login. */
export function PublicProgramPage() {
  const { slug = '' } = useParams();
  const { status, programa } = useSnapshot(publicProgramState);

  useEffect(() => {
    resetPublicProgram(slug);
    void loadPublicProgram(slug);
  }, [slug]);

  if (status === 'not-found') return <NotFound />;
  if (status === 'loading' || !programa) return <LoadingProgram />;
  return <ProgramDetails key={programa.id} programa={programa as PublicPrograma} />;
}
