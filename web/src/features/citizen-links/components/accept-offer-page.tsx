import { useCallback } from 'react';
import { Link, useParams } from 'react-router-dom';
import { formatDateTime } from '../../../lib/format';
import { acceptOffer, getOfferLink } from '../api/citizen-links';
import { EventFacts, LinkCard, LinkLoading, LinkProblemCard, useLinkView } from './link-page';

/** /lista-espera/aceptar/:token — the place held for the first in line, accepted with one button (issue 22 §4). */
export function AcceptOfferPage() {
  const { token = '' } = useParams();
  const load = useCallback(() => getOfferLink(token), [token]);
  const { view, problem, retry, sending, done, act } = useLinkView(load, 'No se puede aceptar');

  if (problem) return <LinkProblemCard problem={problem} onRetry={retry} />;
  if (!view) return <LinkLoading />;
  if (done) {
    return (
      <LinkCard title="¡Registro Exitoso!" tone="success" testId="accept-done" focusKey="done">
        <p className="link-page__text">
          Tu lugar en <strong>{view.evento.titulo}</strong> quedó registrado. Te enviamos la confirmación por correo, con tu código de
          acceso para la entrada.
        </p>
        <div className="link-page__actions">
          <Link className="btn btn--secondary" to={`/eventos/${view.evento.slug}`}>
            Ver el evento
          </Link>
        </div>
      </LinkCard>
    );
  }

  return (
    <LinkCard title="Tienes un lugar apartado" testId="accept-page">
      <p className="link-page__text">
        Hola, <strong data-testid="link-name">{view.nombre}</strong>. Se liberó un lugar en este evento y lo apartamos para ti.
      </p>
      <EventFacts evento={view.evento} />
      <p className="link-page__note" data-testid="offer-until">
        Acéptalo antes del <strong>{formatDateTime(view.oferta_hasta)}</strong>; después pasará a la siguiente persona en la lista.
      </p>
      <div className="link-page__actions">
        <button
          type="button"
          className="btn btn--primary"
          onClick={() => void act(() => acceptOffer(token))}
          disabled={sending}
          data-testid="accept-confirm"
        >
          {sending ? 'Registrando…' : 'Aceptar mi lugar'}
        </button>
      </div>
    </LinkCard>
  );
}
