import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ApiError } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/config';
import { AlertIcon, CheckIcon } from './icons';
import { Spinner } from './spinner';
import './link-page.css';
import { Button } from './button';

/**
 * The pages a citizen opens from an e-mail link, without an account (features citizen-links and privacy-requests):
 * what the link is for (`useLinkView`), its one action, and its outcome in one card of the public layout.
 */

/** A link's problem as the page words it: the title by the server's code, the text is the server's own message. */
export interface LinkProblem {
  title: string;
  message: string;
  /** Something that may pass (network, too many requests): offer to try again. */
  retry: boolean;
}

const TITLES: Record<string, string> = {
  LINK_INVALID: 'Enlace no válido',
  LINK_USED: 'Este enlace ya se usó',
  LINK_EXPIRED: 'Este enlace ya expiró',
  EMAIL_ALREADY_REGISTERED: 'Ya estás registrado',
};

export function toProblem(error: unknown, fallbackTitle: string): LinkProblem {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429) {
    const code = (error.body as { code?: string } | null)?.code ?? '';
    return { title: TITLES[code] ?? fallbackTitle, message: error.serverMessage || 'El enlace no es válido.', retry: false };
  }
  return {
    title: 'No se pudo completar',
    message: error instanceof ApiError && error.serverMessage ? error.serverMessage : 'Revisa tu conexión e intenta de nuevo.',
    retry: true,
  };
}

/** Loads what a link shows (`load` memoized by the caller); `problem` when the link cannot be used (or the request failed). */
export function useLinkView<T>(load: () => Promise<T>, fallbackTitle: string) {
  const [view, setView] = useState<T | null>(null);
  const [problem, setProblem] = useState<LinkProblem | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let cancelled = false;
    load().then(
      (v) => !cancelled && setView(v),
      (e: unknown) => !cancelled && setProblem(toProblem(e, fallbackTitle)),
    );
    return () => {
      cancelled = true;
    };
  }, [load, attempt, fallbackTitle]);
  const retry = useCallback(() => {
    setProblem(null);
    setAttempt((n) => n + 1);
  }, []);
  // The page's one action (cancel, accept): sent once at a time; its refusal becomes the page's problem.
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState(false);
  const act = useCallback(
    async (send: () => Promise<unknown>) => {
      if (sending) return;
      setSending(true);
      try {
        await send();
        setDone(true);
      } catch (e) {
        setProblem(toProblem(e, fallbackTitle));
      } finally {
        setSending(false);
      }
    },
    [sending, fallbackTitle],
  );
  return { view, problem, retry, sending, done, act };
}

/** The page's frame: one card in the public layout, its heading focused when the outcome changes. */
export function LinkCard({
  title,
  tone = 'neutral',
  testId,
  children,
  focusKey,
}: {
  title: string;
  tone?: 'neutral' | 'success' | 'problem';
  testId: string;
  children: ReactNode;
  /** When it changes (an outcome replaced the question), focus moves to the heading. */
  focusKey?: string;
}) {
  useDocumentTitle(title);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusKey) headingRef.current?.focus();
  }, [focusKey]);
  return (
    <section className={`link-page card link-page--${tone}`} data-testid={testId} aria-labelledby="link-page-title">
      {tone !== 'neutral' ? (
        <span className="link-page__icon" aria-hidden="true">
          {tone === 'success' ? <CheckIcon size={26} /> : <AlertIcon size={26} />}
        </span>
      ) : null}
      <h1 className="link-page__title" id="link-page-title" ref={headingRef} tabIndex={-1}>
        {title}
      </h1>
      {children}
    </section>
  );
}

/** A way out of a link page: a secondary button-styled link. */
export interface LinkBack {
  to: string;
  label: string;
}

/** The way out most link pages offer: the public events. */
export const ALL_EVENTS: LinkBack = { to: '/eventos', label: 'Ver todos los eventos' };

/** The card's buttons: the page's action (when it has one), then the way back. */
export function LinkActions({ children, back }: { children?: ReactNode; back?: LinkBack }) {
  return (
    <div className="link-page__actions">
      {children}
      {back ? (
        <Link className="btn btn--secondary" to={back.to}>
          {back.label}
        </Link>
      ) : null}
    </div>
  );
}

/** The link's one action (confirm, accept, cancel…): one click at a time, its label saying it is under way. */
export interface LinkAction {
  label: string;
  /** What the button says while it is sent ('Confirmando…'). */
  busyLabel: string;
  testId: string;
  /** An action that gives something up (cancel, unsubscribe) looks like one. */
  danger?: boolean;
  send: () => Promise<unknown>;
}

/**
 * What a link asks before it acts: the question (children), the action's button and, maybe, the way back.
 * `act` and `sending` come from `useLinkView`.
 */
export function LinkQuestionCard({
  title,
  testId,
  action,
  act,
  sending,
  back,
  children,
}: {
  title: string;
  testId: string;
  action: LinkAction;
  act: (send: () => Promise<unknown>) => Promise<void>;
  sending: boolean;
  back?: LinkBack;
  children: ReactNode;
}) {
  return (
    <LinkCard title={title} testId={testId}>
      {children}
      <LinkActions back={back}>
        <button
          type="button"
          className={`btn ${action.danger ? 'btn--danger' : 'btn--primary'}`}
          onClick={() => void act(action.send)}
          disabled={sending}
          data-testid={action.testId}
        >
          {sending ? action.busyLabel : action.label}
        </button>
      </LinkActions>
    </LinkCard>
  );
}

/** What a link did (or had already done): a success card, its text (children) and the way back. */
export function LinkDoneCard({
  title,
  testId,
  focusKey = 'done',
  back,
  children,
}: {
  title: string;
  testId: string;
  focusKey?: string;
  back: LinkBack;
  children: ReactNode;
}) {
  return (
    <LinkCard title={title} tone="success" testId={testId} focusKey={focusKey}>
      {children}
      <LinkActions back={back} />
    </LinkCard>
  );
}

export function LinkProblemCard({ problem, onRetry }: { problem: LinkProblem; onRetry: () => void }) {
  return (
    <LinkCard title={problem.title} tone="problem" testId="link-problem" focusKey={problem.title}>
      <p className="link-page__text" data-testid="link-problem-message">
        {problem.message}
      </p>
      <LinkActions back={ALL_EVENTS}>
        {problem.retry ? (
          <Button variant="primary" onClick={onRetry}>
            Intentar de nuevo
          </Button>
        ) : null}
      </LinkActions>
    </LinkCard>
  );
}

/** What a page with the link loaded gets: the view, the link's token and its one action's state. */
export interface LoadedLink<T> {
  view: T;
  token: string;
  sending: boolean;
  done: boolean;
  act: (send: () => Promise<unknown>) => Promise<void>;
}

/**
 * A page for the link in the address (`:token`): loads what it shows (`load`, a stable function), with the problem card
 * or the spinner until it can, then renders `children` with the loaded link.
 */
export function TokenLinkPage<T>({
  load,
  fallbackTitle,
  children,
}: {
  load: (token: string) => Promise<T>;
  fallbackTitle: string;
  children: (link: LoadedLink<T>) => ReactNode;
}) {
  const { token = '' } = useParams();
  const loadView = useCallback(() => load(token), [load, token]);
  const { view, problem, retry, sending, done, act } = useLinkView(loadView, fallbackTitle);
  if (problem) return <LinkProblemCard problem={problem} onRetry={retry} />;
  if (!view) return <LinkLoading />;
  return <>{children({ view, token, sending, done, act })}</>;
}

export function LinkLoading() {
  useDocumentTitle('Cargando…');
  return <Spinner label="Cargando…" />;
}
