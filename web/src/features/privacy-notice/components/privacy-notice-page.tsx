import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert';
import { ArrowLeftIcon } from '../../../components/ui/icons';
import { SkeletonLine } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/config';
import { formatDate } from '../../../lib/format';
import { getPrivacyNotice, type PrivacyNotice } from '../api/get-privacy-notice';
import '../privacy-notice.css';
import { Button } from '../../../components/ui/button';

/** Paragraphs are separated by blank lines; single line breaks inside a paragraph are kept. */
function paragraphs(text: string): string[] {
  return text
    .replace(/\r\n/g, '\n')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

/** The privacy notice (aviso de privacidad) linked from the registration form and the public footer. */
export function PrivacyNoticePage() {
  const [notice, setNotice] = useState<PrivacyNotice | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  useDocumentTitle(notice?.title || 'Aviso de Privacidad');

  useEffect(() => {
    let cancelled = false;
    getPrivacyNotice()
      .then((answer) => {
        if (cancelled) return;
        setNotice(answer);
        setError(null);
      })
      .catch((err: unknown) => {
        if (!cancelled) setError(errorMessage(err, 'No se pudo cargar el aviso de privacidad. Por favor intenta nuevamente.'));
      });
    return () => {
      cancelled = true;
    };
  }, [attempt]);

  return (
    <article className="privacy card" data-testid="privacy-notice">
      <Link className="back-link" to="/eventos">
        <ArrowLeftIcon size={16} /> Ver todos los eventos
      </Link>
      {error ? (
        <Alert kind="error">
          {error}{' '}
          <Button size="sm" onClick={() => setAttempt((n) => n + 1)}>
            Reintentar
          </Button>
        </Alert>
      ) : !notice ? (
        <div className="privacy__loading" aria-busy="true" aria-label="Cargando">
          <SkeletonLine width="50%" height="1.8rem" />
          <SkeletonLine />
          <SkeletonLine width="92%" />
          <SkeletonLine width="80%" />
        </div>
      ) : (
        <>
          <h1 className="privacy__title">{notice.title || 'Aviso de Privacidad'}</h1>
          <p className="privacy__version" data-testid="privacy-notice-version">
            Versión {notice.version}, vigente desde el {formatDate(notice.published_at)}
          </p>
          <div className="privacy__text">
            {paragraphs(notice.text).map((paragraph, i) => (
              <p key={i}>{paragraph}</p>
            ))}
          </div>
        </>
      )}
    </article>
  );
}
