import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button } from './button';

/**
 * The end of a public form: the privacy notice it accepts (with the version the form sends, once known) and its
 * wide submit button, whose text is the children.
 */
export function PublicFormSubmit({
  avisoVersion,
  disabled,
  describedBy,
  testId,
  children,
}: {
  avisoVersion: number | undefined;
  disabled: boolean;
  describedBy?: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <>
      <p className="registration-form__privacy">
        Al registrarte aceptas el{' '}
        <Link to="/aviso-de-privacidad" target="_blank" rel="noopener" data-testid="privacy-link">
          aviso de privacidad
        </Link>
        {avisoVersion ? ` (versión ${avisoVersion})` : ''}.
      </p>
      <Button variant="primary" size="lg" block type="submit" disabled={disabled} aria-describedby={describedBy} data-testid={testId}>
        {children}
      </Button>
    </>
  );
}

/**
 * A public form's refusal ('Error en el Registro'), above its fields. It takes focus when it appears (role=alert)
 * and is scrolled into view: keyboard and screen-reader users land on the outcome instead of <body>.
 */
export function FormFailure({ message, testId }: { message: string | null; testId: string }) {
  const ref = useFocusOnShow<HTMLDivElement>(message);
  if (!message) return null;
  return (
    <div className="result-panel result-panel--error" role="alert" tabIndex={-1} ref={ref} data-testid={testId}>
      <h3 className="result-panel__title">Error en el Registro</h3>
      <p>{message}</p>
    </div>
  );
}

/** A ref whose element takes focus, scrolled into view, each time `shown` turns truthy (a form's outcome appearing). */
export function useFocusOnShow<T extends HTMLElement>(shown: unknown) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (!shown || !ref.current) return;
    ref.current.focus({ preventScroll: true });
    ref.current.scrollIntoView({ block: 'center' });
  }, [shown]);
  return ref;
}
