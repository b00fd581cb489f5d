import type { WaitlistConfirmLine } from '@shared/contracts/waitlist.contract';
import { formatDateTime } from '../../../lib/format';
import { confirmJoin, confirmProgramJoin, getConfirmLink, getProgramConfirmLink } from '../api/citizen-links';
import { EVENT_WAITLIST, LinkDoneCard, LinkQuestionCard, PROGRAM_WAITLIST, TokenLinkPage, type WaitlistArea } from './link-page';

/** What the confirm page needs of one waitlist (events or programs): its API and its area's words and facts. */
interface ConfirmKind<T extends WaitlistConfirmLine> extends WaitlistArea<T> {
  load: (token: string) => Promise<T>;
  confirm: (token: string) => Promise<unknown>;
}

/**
 * A waitlist join confirmed by its address: one button (a link opened by a mail scanner confirms
 * nothing), then the outcome. A link already used shows the outcome again; one past its time, the server's refusal.
 */
function ConfirmPage<T extends WaitlistConfirmLine>({ kind }: { kind: ConfirmKind<T> }) {
  return (
    <TokenLinkPage load={kind.load} fallbackTitle="No se puede confirmar">
      {({ view, token, sending, done, act }) =>
        done || view.confirmada ? (
          <LinkDoneCard
            title="Ya estás en la lista de espera"
            testId="confirm-done"
            focusKey={done ? 'done' : undefined}
            back={kind.link(view)}
          >
            <p className="link-page__text">
              Confirmaste tu correo: tu lugar en la lista de espera de {kind.de} cuenta desde que lo confirmaste. Si se libera un lugar, te
              lo ofreceremos por correo y te lo apartaremos por tiempo limitado.
            </p>
            {kind.facts(view)}
          </LinkDoneCard>
        ) : (
          <LinkQuestionCard
            title="Confirma tu lugar en la lista de espera"
            testId="confirm-page"
            action={{ label: 'Confirmar mi lugar', busyLabel: 'Confirmando…', testId: 'join-confirm', send: () => kind.confirm(token) }}
            act={act}
            sending={sending}
          >
            <p className="link-page__text">
              Hola, <strong data-testid="link-name">{view.nombre}</strong>. Pediste unirte a la lista de espera de {kind.de}. Confirma que
              este correo es tuyo para tomar tu lugar en la fila.
            </p>
            {kind.facts(view)}
            <p className="link-page__note" data-testid="confirm-until">
              Confírmalo antes del <strong>{formatDateTime(view.confirmar_hasta)}</strong>; después la solicitud se descarta.
            </p>
          </LinkQuestionCard>
        )
      }
    </TokenLinkPage>
  );
}

const EVENT_JOIN: ConfirmKind<Awaited<ReturnType<typeof getConfirmLink>>> = {
  load: getConfirmLink,
  confirm: confirmJoin,
  ...EVENT_WAITLIST,
};

const PROGRAM_JOIN: ConfirmKind<Awaited<ReturnType<typeof getProgramConfirmLink>>> = {
  load: getProgramConfirmLink,
  confirm: confirmProgramJoin,
  ...PROGRAM_WAITLIST,
};

/** /lista-espera/confirmar/:token — an external event's waitlist join. */
export function ConfirmJoinPage() {
  return <ConfirmPage kind={EVENT_JOIN} />;
}

/** /lista-espera/programa/confirmar/:token — a program's (its own link purpose: never an event's token). */
export function ConfirmProgramJoinPage() {
  return <ConfirmPage kind={PROGRAM_JOIN} />;
}
