import { cancelRegistration, getCancelLink } from '../api/citizen-links';
import { EventFacts, LinkDoneCard, LinkQuestionCard, TokenLinkPage } from './link-page';

/** /registro/cancelar/:token — what would be cancelled, a confirmation, then the outcome. */
export function CancelRegistrationPage() {
  return (
    <TokenLinkPage load={getCancelLink} fallbackTitle="No se puede cancelar">
      {({ view, token, sending, done, act }) =>
        done ? (
          <LinkDoneCard title="Registro cancelado" testId="cancel-done" back={{ to: '/eventos', label: 'Ver otros eventos' }}>
            <p className="link-page__text">
              Tu registro en <strong>{view.evento.titulo}</strong> fue cancelado y tu lugar quedó libre para otra persona.
            </p>
          </LinkDoneCard>
        ) : (
          <LinkQuestionCard
            title="Cancelar mi registro"
            testId="cancel-page"
            action={{
              label: 'Sí, cancelar mi registro',
              busyLabel: 'Cancelando…',
              testId: 'cancel-confirm',
              danger: true,
              send: () => cancelRegistration(token),
            }}
            act={act}
            sending={sending}
            back={{ to: `/eventos/${view.evento.slug}`, label: 'Conservar mi lugar' }}
          >
            <p className="link-page__text">
              Hola, <strong data-testid="link-name">{view.nombre}</strong>. ¿Quieres cancelar tu registro en este evento?
            </p>
            <EventFacts evento={view.evento} />
            <p className="link-page__note">Tu lugar se liberará para otra persona. Esta acción no se puede deshacer.</p>
          </LinkQuestionCard>
        )
      }
    </TokenLinkPage>
  );
}
