import { useEffect, useRef, useState } from 'react';
import type { CreatedApiTokenResponse } from '@shared/contracts/api-tokens.contract';
import { Button } from '../../../components/ui/button';

/** The new token, shown this once: a read-only field, a copy button and how to use it. */
export function NewTokenPanel({ created, onDone }: { created: CreatedApiTokenResponse; onDone: () => void }) {
  const [copied, setCopied] = useState<string>('');
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.token);
      setCopied('Token copiado al portapapeles.');
    } catch {
      setCopied('No se pudo copiar: selecciona el texto y cópialo a mano.');
    }
  };

  return (
    <section className="card api-tokens__new" aria-labelledby="api-token-new-title" data-testid="api-token-new">
      <h2 className="card__title" id="api-token-new-title" tabIndex={-1} ref={headingRef}>
        Token «{created.api_token.name}» creado
      </h2>
      <p>
        <strong>Cópialo ahora: no se volverá a mostrar.</strong> Guárdalo como una contraseña. El otro sistema lo envía en cada petición
        como <code>Authorization: Bearer &lt;token&gt;</code>.
      </p>
      <label className="field__label" htmlFor="api-token-secret">
        Tu token
      </label>
      <div className="api-tokens__secret">
        <input
          id="api-token-secret"
          className="input api-tokens__secret-input"
          readOnly
          value={created.token}
          onFocus={(e) => e.target.select()}
          data-testid="api-token-secret"
        />
        <Button variant="primary" onClick={() => void copy()} data-testid="api-token-copy">
          Copiar
        </Button>
      </div>
      <p className="api-tokens__copied" role="status" aria-live="polite">
        {copied}
      </p>
      <div className="form-actions">
        <Button onClick={onDone} data-testid="api-token-done">
          Ya lo guardé
        </Button>
      </div>
    </section>
  );
}
