import type { ReactNode } from 'react';
import { AlertIcon } from './icons';

/** A public page's "not found" answer: the alert icon, a heading and its text, then any actions (links). */
export function NotFoundPanel({
  title,
  text,
  testId,
  className,
  textTestId,
  actions,
}: {
  title: string;
  text: ReactNode;
  testId: string;
  /** Added after `not-found`. */
  className?: string;
  textTestId?: string;
  actions?: ReactNode;
}) {
  return (
    <section className={className ? `not-found ${className}` : 'not-found'} data-testid={testId}>
      <div className="not-found__icon" aria-hidden="true">
        <AlertIcon size={28} />
      </div>
      <h1 className="not-found__title">{title}</h1>
      <p className="not-found__text" data-testid={textTestId}>
        {text}
      </p>
      {actions ? <div className="not-found__actions">{actions}</div> : null}
    </section>
  );
}
