import type { ReactNode } from 'react';
import { formatDateTime } from '../../../lib/format';
import { acceptOffer, acceptProgramOffer, getOfferLink, getProgramOfferLink } from '../api/citizen-links';
import { EventFacts, LinkDoneCard, LinkQuestionCard, ProgramFacts, TokenLinkPage, type LinkBack } from './link-page';

/** What the offer page needs of one waitlist (events or programs): its API, its words and its facts. */
interface OfferKind<T extends { nombre: string; oferta_hasta: string }> {
  load: (token: string) => Promise<T>;
  accept: (token: string) => Promise<unknown>;
  /** 'este evento' / 'este programa'. */
  de: string;
  facts: (view: T) => ReactNode;
  done: (view: T) => ReactNode;
  link: (view: T) => LinkBack;
}

/** The place held for the first in line, accepted with one button: one page, two waitlists. */
function OfferPage<T extends { nombre: string; oferta_hasta: string }>({ kind }: { kind: OfferKind<T> }) {
  return (
    <TokenLinkPage load={kind.load} fallbackTitle="No se puede aceptar">
      {({ view, token, sending, done, act }) =>
        done ? (
          <LinkDoneCard title="¡Registro Exitoso!" testId="accept-done" back={kind.link(view)}>
            <p className="link-page__text">{kind.done(view)}</p>
          </LinkDoneCard>
        ) : (
          <LinkQuestionCard
            title="Tienes un lugar apartado"
            testId="accept-page"
            action={{ label: 'Aceptar mi lugar', busyLabel: 'Registrando…', testId: 'accept-confirm', send: () => kind.accept(token) }}
            act={act}
            sending={sending}
          >
            <p className="link-page__text">
              Hola, <strong data-testid="link-name">{view.nombre}</strong>. Se liberó un lugar en {kind.de} y lo apartamos para ti.
            </p>
            {kind.facts(view)}
            <p className="link-page__note" data-testid="offer-until">
              Acéptalo antes del <strong>{formatDateTime(view.oferta_hasta)}</strong>; después pasará a la siguiente persona en la lista.
            </p>
          </LinkQuestionCard>
        )
      }
    </TokenLinkPage>
  );
}

const EVENT_OFFER: OfferKind<Awaited<ReturnType<typeof getOfferLink>>> = {
  load: getOfferLink,
  accept: acceptOffer,
  de: 'este evento',
  facts: (v) => <EventFacts evento={v.evento} />,
  done: (v) => (
    <>
      Tu lugar en <strong>{v.evento.titulo}</strong> quedó registrado. Te enviamos la confirmación por correo, con tu código de acceso para
      la entrada.
    </>
  ),
  link: (v) => ({ to: `/eventos/${v.evento.slug}`, label: 'Ver el evento' }),
};

const PROGRAM_OFFER: OfferKind<Awaited<ReturnType<typeof getProgramOfferLink>>> = {
  load: getProgramOfferLink,
  accept: acceptProgramOffer,
  de: 'este programa',
  facts: (v) => <ProgramFacts programa={v.programa} />,
  done: (v) => (
    <>
      Tu solicitud para <strong>{v.programa.nombre}</strong> quedó registrada con tu lugar. Te enviamos la confirmación de recibido por
      correo; te escribiremos cuando sea confirmada.
    </>
  ),
  link: (v) => ({ to: `/programas/${v.programa.slug}`, label: 'Ver el programa' }),
};

/** /lista-espera/aceptar/:token — an external event's offer. */
export function AcceptOfferPage() {
  return <OfferPage kind={EVENT_OFFER} />;
}

/** /lista-espera/programa/aceptar/:token — a program's offer (its own link purpose: never an event's token). */
export function AcceptProgramOfferPage() {
  return <OfferPage kind={PROGRAM_OFFER} />;
}
