import type { ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { configState, governmentName } from '../../../lib/config';
import { Button } from '../../../components/ui/button';

/**
 * The frame of the sign-in screens (spec 1 §2.3): the decorative hero beside the card, a footnote under it. `main`:
 * the frame is the page's main landmark (the change of the first password, shown instead of any layout).
 */
export function AuthFrame({ main = false, footnote, children }: { main?: boolean; footnote: string; children: ReactNode }) {
  const { municipio } = useSnapshot(configState);
  const content = (
    <>
      <aside className="login__hero" aria-hidden="true">
        <div className="login__hero-inner">
          <span className="login__hero-mark">A</span>
          <p className="login__hero-name">Aforo</p>
          <p className="login__hero-gov">{governmentName(municipio)}</p>
          <p className="login__hero-text">Plataforma municipal para la gestión de eventos, registros y control de aforo.</p>
        </div>
      </aside>
      <section className="login__panel">
        <div className="login-card">{children}</div>
        <p className="login__footnote">{footnote}</p>
      </section>
    </>
  );
  return main ? (
    <main className="login" id="contenido">
      {content}
    </main>
  ) : (
    <div className="login">{content}</div>
  );
}

/** The top of a sign-in form: the brand with the government's name, the title, and what the form asks. */
export function AuthFormHeading({ title, children }: { title: string; children: ReactNode }) {
  const { municipio } = useSnapshot(configState);
  return (
    <>
      <div className="login-form__brand">
        <span className="brand__mark" aria-hidden="true">
          A
        </span>
        <span className="login-form__gov">{governmentName(municipio)}</span>
      </div>
      <h1 className="login-form__title">{title}</h1>
      <p className="login-form__subtitle">{children}</p>
    </>
  );
}

/** A sign-in form's wide submit button: a spinner and what is happening while the request is out. */
export function AuthSubmit({ busy, busyLabel, label, testId }: { busy: boolean; busyLabel: string; label: string; testId: string }) {
  return (
    <Button variant="primary" size="lg" block type="submit" disabled={busy} aria-busy={busy} data-testid={testId}>
      {busy ? (
        <>
          <span className="spinner spinner--inline" aria-hidden="true" /> {busyLabel}
        </>
      ) : (
        label
      )}
    </Button>
  );
}
