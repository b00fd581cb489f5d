import { useState } from 'react';
import { DetailsList } from '../../../components/ui/details';
import { ALL_EVENTS, LinkDoneCard, LinkQuestionCard, TokenLinkPage } from '../../../components/ui/link-page';
import { formatDate } from '../../../lib/format';
import { confirmArcoRequest, getArcoConfirm } from '../api/privacy-api';

/** /privacidad/confirmar/:token — the citizen proves the address of an ARCO request; it then enters the staff's queue. */
export function ArcoConfirmPage() {
  const [due, setDue] = useState<string | null>(null);
  return (
    <TokenLinkPage load={getArcoConfirm} fallbackTitle="No se puede confirmar">
      {({ view, token, sending, done, act }) =>
        done || view.confirmada ? (
          <LinkDoneCard title="Solicitud confirmada" testId="arco-confirmed" back={ALL_EVENTS}>
            <p className="link-page__text">
              Recibimos tu solicitud de <strong>{view.tipo.toLowerCase()}</strong> con el folio{' '}
              <strong data-testid="arco-folio">{view.folio}</strong>. La Unidad de Transparencia te responderá por correo.
            </p>
            {due ? <DetailsList rows={[['Fecha límite de respuesta', formatDate(`${due}T18:00:00Z`)]]} /> : null}
          </LinkDoneCard>
        ) : (
          <LinkQuestionCard
            title="Confirma tu solicitud"
            testId="arco-confirm-page"
            action={{
              label: 'Confirmar mi solicitud',
              busyLabel: 'Confirmando…',
              testId: 'arco-confirm',
              send: async () => setDue((await confirmArcoRequest(token)).fecha_limite),
            }}
            act={act}
            sending={sending}
          >
            <p className="link-page__text">
              Confirma que este correo es tuyo para que atendamos tu solicitud de <strong>{view.tipo.toLowerCase()}</strong> (folio{' '}
              {view.folio}).
            </p>
          </LinkQuestionCard>
        )
      }
    </TokenLinkPage>
  );
}
