import { useCallback } from 'react';
import { Link, useParams } from 'react-router-dom';
import { LinkCard, LinkLoading, LinkProblemCard, useLinkView } from '../../../components/ui/link-page';
import { getUnsubscribe, unsubscribe } from '../api/privacy-api';

/** /privacidad/baja/:token — stop all mail to the address a reminder went to (the same list as an oposición). */
export function UnsubscribePage() {
  const { token = '' } = useParams();
  const load = useCallback(() => getUnsubscribe(token), [token]);
  const { view, problem, retry, sending, done, act } = useLinkView(load, 'No se puede dar de baja');

  if (problem) return <LinkProblemCard problem={problem} onRetry={retry} />;
  if (!view) return <LinkLoading />;
  if (done || view.suprimido) {
    return (
      <LinkCard title="Ya no recibirás correos" tone="success" testId="unsubscribe-done" focusKey="done">
        <p className="link-page__text">
          No enviaremos más correos a <strong>{view.email}</strong>, salvo la respuesta a una solicitud de derechos ARCO que tú hagas.
        </p>
        <div className="link-page__actions">
          <Link className="btn btn--secondary" to="/eventos">
            Ver todos los eventos
          </Link>
        </div>
      </LinkCard>
    );
  }
  return (
    <LinkCard title="Dejar de recibir correos" testId="unsubscribe-page">
      <p className="link-page__text">
        ¿Quieres dejar de recibir correos de la plataforma de eventos en <strong>{view.email}</strong>? Dejarás de recibir recordatorios,
        confirmaciones e invitaciones.
      </p>
      <div className="link-page__actions">
        <button
          type="button"
          className="btn btn--danger"
          disabled={sending}
          data-testid="unsubscribe-confirm"
          onClick={() => void act(() => unsubscribe(token))}
        >
          {sending ? 'Guardando…' : 'Sí, no quiero más correos'}
        </button>
        <Link className="btn btn--secondary" to="/eventos">
          Seguir recibiéndolos
        </Link>
      </div>
    </LinkCard>
  );
}
