import type { ReactNode } from 'react';
import { formatDateTime } from '../../../lib/format';
import { acceptOffer, acceptProgramOffer, getOfferLink, getProgramOfferLink } from '../api/citizen-links';
import { EVENT_WAITLIST, LinkDoneCard, LinkQuestionCard, PROGRAM_WAITLIST, TokenLinkPage, type WaitlistArea } from './link-page';

/** What the offer page needs of one waitlist (events or programs): its API, its area's words and facts, and its outcome. */
interface OfferKind<T extends { nombre: string; oferta_hasta: string }> extends WaitlistArea<T> {
  load: (token: string) => Promise<T>;
  accept: (token: string) => Promise<unknown>;
  done: (view: T) => ReactNode;
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
  ...EVENT_WAITLIST,
  done: (v) => (
    <>
      Tu lugar en <strong>{v.evento.titulo}</strong> quedó registrado. Te enviamos la confirmación por correo, con tu código de acceso para
      la entrada.
    </>
  ),
};

const PROGRAM_OFFER: OfferKind<Awaited<ReturnType<typeof getProgramOfferLink>>> = {
  load: getProgramOfferLink,
  accept: acceptProgramOffer,
  ...PROGRAM_WAITLIST,
  done: (v) => (
    <>
      Tu solicitud para <strong>{v.programa.nombre}</strong> quedó registrada con tu lugar. Te enviamos la confirmación de recibido por
      correo; te escribiremos cuando sea confirmada.
    </>
  ),
};

/** /lista-espera/aceptar/:token — an external event's offer. */
export function AcceptOfferPage() {
  return <OfferPage kind={EVENT_OFFER} />;
}

/** /lista-espera/programa/aceptar/:token — a program's offer (its own link purpose: never an event's token). */
export function AcceptProgramOfferPage() {
  return <OfferPage kind={PROGRAM_OFFER} />;
}
