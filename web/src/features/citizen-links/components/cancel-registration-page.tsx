import { useCallback } from 'react';
import { Link, useParams } from 'react-router-dom';
import { cancelRegistration, getCancelLink } from '../api/citizen-links';
import { EventFacts, LinkCard, LinkLoading, LinkProblemCard, useLinkView } from './link-page';

/** /registro/cancelar/:token — what would be cancelled, a confirmation, then the outcome. */
export function CancelRegistrationPage() {
  const { token = '' } = useParams();
  const load = useCallback(() => getCancelLink(token), [token]);
  const { view, problem, retry, sending, done, act } = useLinkView(load, 'No se puede cancelar');

  if (problem) return <LinkProblemCard problem={problem} onRetry={retry} />;
  if (!view) return <LinkLoading />;
  if (done) {
    return (
      <LinkCard title="Registro cancelado" tone="success" testId="cancel-done" focusKey="done">
        <p className="link-page__text">
          Tu registro en <strong>{view.evento.titulo}</strong> fue cancelado y tu lugar quedó libre para otra persona.
        </p>
        <div className="link-page__actions">
          <Link className="btn btn--secondary" to="/eventos">
            Ver otros eventos
          </Link>
        </div>
      </LinkCard>
    );
  }

  return (
    <LinkCard title="Cancelar mi registro" testId="cancel-page">
      <p className="link-page__text">
        Hola, <strong data-testid="link-name">{view.nombre}</strong>. ¿Quieres cancelar tu registro en este evento?
      </p>
      <EventFacts evento={view.evento} />
      <p className="link-page__note">Tu lugar se liberará para otra persona. Esta acción no se puede deshacer.</p>
      <div className="link-page__actions">
        <button
          type="button"
          className="btn btn--danger"
          onClick={() => void act(() => cancelRegistration(token))}
          disabled={sending}
          data-testid="cancel-confirm"
        >
          {sending ? 'Cancelando…' : 'Sí, cancelar mi registro'}
        </button>
        <Link className="btn btn--secondary" to={`/eventos/${view.evento.slug}`}>
          Conservar mi lugar
        </Link>
      </div>
    </LinkCard>
  );
}
