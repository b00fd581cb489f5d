import { ALL_EVENTS, LinkDoneCard, LinkQuestionCard, TokenLinkPage } from '../../../components/ui/link-page';
import { getUnsubscribe, unsubscribe } from '../api/privacy-api';

/** /privacidad/baja/:token — stop all mail to the address a reminder went to (the same list as an oposición). */
export function UnsubscribePage() {
  return (
    <TokenLinkPage load={getUnsubscribe} fallbackTitle="No se puede dar de baja">
      {({ view, token, sending, done, act }) =>
        done || view.suprimido ? (
          <LinkDoneCard title="Ya no recibirás correos" testId="unsubscribe-done" back={ALL_EVENTS}>
            <p className="link-page__text">
              No enviaremos más correos a <strong>{view.email}</strong>, salvo la respuesta a una solicitud de derechos ARCO que tú hagas.
            </p>
          </LinkDoneCard>
        ) : (
          <LinkQuestionCard
            title="Dejar de recibir correos"
            testId="unsubscribe-page"
            action={{
              label: 'Sí, no quiero más correos',
              busyLabel: 'Guardando…',
              testId: 'unsubscribe-confirm',
              danger: true,
              send: () => unsubscribe(token),
            }}
            act={act}
            sending={sending}
            back={{ to: '/eventos', label: 'Seguir recibiéndolos' }}
          >
            <p className="link-page__text">
              ¿Quieres dejar de recibir correos de la plataforma de eventos en <strong>{view.email}</strong>? Dejarás de recibir
              recordatorios, confirmaciones e invitaciones.
            </p>
          </LinkQuestionCard>
        )
      }
    </TokenLinkPage>
  );
}
