import { useCallback, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { DetailsList } from '../../../components/ui/details';
import { LinkCard, LinkLoading, LinkProblemCard, useLinkView } from '../../../components/ui/link-page';
import { formatDate } from '../../../lib/format';
import { confirmArcoRequest, getArcoConfirm } from '../api/privacy-api';

/** /privacidad/confirmar/:token — the citizen proves the address of an ARCO request; it then enters the staff's queue. */
export function ArcoConfirmPage() {
  const { token = '' } = useParams();
  const load = useCallback(() => getArcoConfirm(token), [token]);
  const { view, problem, retry, sending, done, act } = useLinkView(load, 'No se puede confirmar');
  const [due, setDue] = useState<string | null>(null);

  if (problem) return <LinkProblemCard problem={problem} onRetry={retry} />;
  if (!view) return <LinkLoading />;
  if (done || view.confirmada) {
    return (
      <LinkCard title="Solicitud confirmada" tone="success" testId="arco-confirmed" focusKey="done">
        <p className="link-page__text">
          Recibimos tu solicitud de <strong>{view.tipo.toLowerCase()}</strong> con el folio{' '}
          <strong data-testid="arco-folio">{view.folio}</strong>. La Unidad de Transparencia te responderá por correo.
        </p>
        {due ? <DetailsList rows={[['Fecha límite de respuesta', formatDate(`${due}T18:00:00Z`)]]} /> : null}
        <div className="link-page__actions">
          <Link className="btn btn--secondary" to="/eventos">
            Ver todos los eventos
          </Link>
        </div>
      </LinkCard>
    );
  }
  return (
    <LinkCard title="Confirma tu solicitud" testId="arco-confirm-page">
      <p className="link-page__text">
        Confirma que este correo es tuyo para que atendamos tu solicitud de <strong>{view.tipo.toLowerCase()}</strong> (folio {view.folio}).
      </p>
      <div className="link-page__actions">
        <button
          type="button"
          className="btn btn--primary"
          disabled={sending}
          data-testid="arco-confirm"
          onClick={() => void act(async () => setDue((await confirmArcoRequest(token)).fecha_limite))}
        >
          {sending ? 'Confirmando…' : 'Confirmar mi solicitud'}
        </button>
      </div>
    </LinkCard>
  );
}
