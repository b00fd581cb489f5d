import { useEffect, useState } from 'react';
import { LINK_HIDDEN } from '@shared/contracts/links.contract';
import { MAIL_STATUS_LABELS, type CorreoDetailResponse, type CorreoResponse } from '@shared/contracts/mail.contract';
import { Alert } from '../../../components/ui/alert';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { getCorreo } from '../api/correos-api';
import { recipientLabel, templateLabel } from '../mail-labels';

/**
 * What the person gets: subject, the HTML part in a sandboxed frame (srcdoc, no scripts, no same origin; the
 * inline QR shows as its alternative text), the text part and the attachments' names. `live` is the row's
 * current state (status, attempts, error), kept current by pushes while the preview is open. Signed links the
 * reader could not use from the panel arrive as LINK_HIDDEN (inert in the HTML); a note says why.
 */
export function CorreoPreviewModal({ live, onClose }: { live: CorreoResponse; onClose: () => void }) {
  const [detail, setDetail] = useState<CorreoDetailResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const rendered = live.subject !== null;

  useEffect(() => {
    let current = true;
    getCorreo(live.id)
      .then(({ correo }) => current && setDetail(correo))
      .catch((e) => current && setError(errorMessage(e, 'No se pudo cargar el correo')));
    return () => {
      current = false;
    };
    // Reload once the workers render it (subject appears).
  }, [live.id, rendered]);

  return (
    <Modal title="Vista previa del correo" onClose={onClose} size="lg" testId="correo-preview">
      <dl className="correo-preview__meta">
        <div>
          <dt>Para</dt>
          <dd>{recipientLabel(live)}</dd>
        </div>
        <div>
          <dt>Asunto</dt>
          <dd data-testid="correo-preview-subject">{detail?.subject ?? live.subject ?? templateLabel(live.template)}</dd>
        </div>
        <div>
          <dt>Estado</dt>
          <dd data-testid="correo-preview-status">
            {MAIL_STATUS_LABELS[live.status]} · {live.attempts === 1 ? '1 intento' : `${live.attempts} intentos`}
            {live.sent_at ? ` · ${formatDateTime(live.sent_at)}` : ''}
          </dd>
        </div>
        {live.last_error ? (
          <div>
            <dt>Error</dt>
            <dd className="correos-table__error">{live.last_error}</dd>
          </div>
        ) : null}
        {live.message_id ? (
          <div>
            <dt>Message-ID</dt>
            <dd className="correo-preview__mono">{live.message_id}</dd>
          </div>
        ) : null}
      </dl>
      {error ? <Alert kind="error">{error}</Alert> : null}
      {!detail && !error ? <Spinner label="Cargando el correo…" /> : null}
      {detail ? (
        <>
          {detail.hidden_links > 0 ? (
            <Alert kind="info" testId="correo-preview-hidden-links">
              {detail.hidden_links === 1
                ? `Un enlace personal de este correo (cancelar un registro, aceptar un lugar) se muestra como «${LINK_HIDDEN}»: funciona sin cuenta, y tus permisos no te dejan hacer esa acción desde el panel. La persona lo recibió completo.`
                : `${detail.hidden_links} enlaces personales de este correo (cancelar un registro, aceptar un lugar) se muestran como «${LINK_HIDDEN}»: funcionan sin cuenta, y tus permisos no te dejan hacer esas acciones desde el panel. La persona los recibió completos.`}
            </Alert>
          ) : null}
          <h3 className="correo-preview__heading">Como lo ve la persona (HTML)</h3>
          <iframe
            className="correo-preview__frame"
            title={`Contenido HTML del correo: ${detail.subject}`}
            sandbox=""
            referrerPolicy="no-referrer"
            srcDoc={detail.html}
            data-testid="correo-preview-html"
          />
          <h3 className="correo-preview__heading">Texto</h3>
          <pre className="correo-preview__text" data-testid="correo-preview-text" tabIndex={0} aria-label="Parte de texto del correo">
            {detail.text}
          </pre>
          {detail.attachments.length ? (
            <>
              <h3 className="correo-preview__heading">Adjuntos</h3>
              <ul className="correo-preview__attachments" data-testid="correo-preview-attachments">
                {detail.attachments.map((a) => (
                  <li key={a.filename}>
                    {a.filename}{' '}
                    <span className="correos-table__muted">
                      ({a.inline ? 'en línea, ' : ''}
                      {a.content_type})
                    </span>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </>
      ) : null}
    </Modal>
  );
}
