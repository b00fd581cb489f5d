import { useCallback, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { WaitlistConfirmLine } from '@shared/contracts/waitlist.contract';
import { formatDateTime } from '../../../lib/format';
import { confirmJoin, confirmProgramJoin, getConfirmLink, getProgramConfirmLink } from '../api/citizen-links';
import { EventFacts, LinkCard, LinkLoading, LinkProblemCard, ProgramFacts, useLinkView } from './link-page';

/** What the confirm page needs of one waitlist (events or programs): its API, its words and its facts. */
interface ConfirmKind<T extends WaitlistConfirmLine> {
  load: (token: string) => Promise<T>;
  confirm: (token: string) => Promise<unknown>;
  /** 'este evento' / 'este programa'. */
  de: string;
  facts: (view: T) => ReactNode;
  link: (view: T) => { to: string; label: string };
}

/**
 * A waitlist join confirmed by its address: one button (a link opened by a mail scanner confirms
 * nothing), then the outcome. A link already used shows the outcome again; one past its time, the server's refusal.
 */
function ConfirmPage<T extends WaitlistConfirmLine>({ kind }: { kind: ConfirmKind<T> }) {
  const { token = '' } = useParams();
  const load = useCallback(() => kind.load(token), [kind, token]);
  const { view, problem, retry, sending, done, act } = useLinkView(load, 'No se puede confirmar');

  if (problem) return <LinkProblemCard problem={problem} onRetry={retry} />;
  if (!view) return <LinkLoading />;
  const back = kind.link(view);
  if (done || view.confirmada) {
    return (
      <LinkCard title="Ya estás en la lista de espera" tone="success" testId="confirm-done" focusKey={done ? 'done' : undefined}>
        <p className="link-page__text">
          Confirmaste tu correo: tu lugar en la lista de espera de {kind.de} cuenta desde que lo confirmaste. Si se libera un lugar, te lo
          ofreceremos por correo y te lo apartaremos por tiempo limitado.
        </p>
        {kind.facts(view)}
        <div className="link-page__actions">
          <Link className="btn btn--secondary" to={back.to}>
            {back.label}
          </Link>
        </div>
      </LinkCard>
    );
  }

  return (
    <LinkCard title="Confirma tu lugar en la lista de espera" testId="confirm-page">
      <p className="link-page__text">
        Hola, <strong data-testid="link-name">{view.nombre}</strong>. Pediste unirte a la lista de espera de {kind.de}. Confirma que este
        correo es tuyo para tomar tu lugar en la fila.
      </p>
      {kind.facts(view)}
      <p className="link-page__note" data-testid="confirm-until">
        Confírmalo antes del <strong>{formatDateTime(view.confirmar_hasta)}</strong>; después la solicitud se descarta.
      </p>
      <div className="link-page__actions">
        <button
          type="button"
          className="btn btn--primary"
          onClick={() => void act(() => kind.confirm(token))}
          disabled={sending}
          data-testid="join-confirm"
        >
          {sending ? 'Confirmando…' : 'Confirmar mi lugar'}
        </button>
      </div>
    </LinkCard>
  );
}

const EVENT_JOIN: ConfirmKind<Awaited<ReturnType<typeof getConfirmLink>>> = {
  load: getConfirmLink,
  confirm: confirmJoin,
  de: 'este evento',
  facts: (v) => <EventFacts evento={v.evento} />,
  link: (v) => ({ to: `/eventos/${v.evento.slug}`, label: 'Ver el evento' }),
};

const PROGRAM_JOIN: ConfirmKind<Awaited<ReturnType<typeof getProgramConfirmLink>>> = {
  load: getProgramConfirmLink,
  confirm: confirmProgramJoin,
  de: 'este programa',
  facts: (v) => <ProgramFacts programa={v.programa} />,
  link: (v) => ({ to: `/programas/${v.programa.slug}`, label: 'Ver el programa' }),
};

/** /lista-espera/confirmar/:token — an external event's waitlist join. */
export function ConfirmJoinPage() {
  return <ConfirmPage kind={EVENT_JOIN} />;
}

/** /lista-espera/programa/confirmar/:token — a program's (its own link purpose: never an event's token). */
export function ConfirmProgramJoinPage() {
  return <ConfirmPage kind={PROGRAM_JOIN} />;
}
