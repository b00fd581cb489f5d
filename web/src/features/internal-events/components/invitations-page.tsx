import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import QRCode from 'qrcode';
import type { AsistenteResponse, InternalEventResponse } from '@shared/contracts/internal-events.contract';
import { Alert } from '../../../components/ui/alert';
import { ArrowLeftIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/config';
import { formatDateTime } from '../../../lib/format';
import { getAsistentes } from '../api/get-asistentes';
import { getInternalEvent } from '../api/get-internal-event';
import { seatLabel } from '../attendees';
import { invitationUrl } from '../invitation-links';
import '../internal-events.css';
import { Button } from '../../../components/ui/button';

function Invitation({ evento, asistente }: { evento: InternalEventResponse; asistente: AsistenteResponse }) {
  const [qr, setQr] = useState<string | null>(null);
  const url = invitationUrl(window.location.origin, evento.slug || String(evento.id), asistente.pivot.confirmation_code);
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(url, { margin: 1, width: 160, errorCorrectionLevel: 'M' })
      .then((data) => live && setQr(data))
      .catch(() => live && setQr(null));
    return () => {
      live = false;
    };
  }, [url]);
  return (
    <article className="ie-invite" data-testid="ie-invite">
      {qr ? (
        <img className="ie-invite__qr" src={qr} alt={`Código QR de ${asistente.nombre_completo}`} width={120} height={120} />
      ) : (
        <span className="ie-invite__qr" />
      )}
      <div className="ie-invite__body">
        <p className="ie-invite__name">{asistente.nombre_completo}</p>
        <p className="muted">{[asistente.puesto?.nombre, asistente.empresa?.nombre].filter(Boolean).join(' · ') || '\u00a0'}</p>
        <p>
          Código:{' '}
          <span className="ie-code" data-testid="ie-invite-code">
            {asistente.pivot.confirmation_code}
          </span>
        </p>
        <p className="muted">{seatLabel(asistente)}</p>
      </div>
    </article>
  );
}

/** /eventos-internos/{id}/invitaciones (beyond the spec): a printable list, one card per invited person with their code as a QR. */
export function InvitationsPage() {
  const params = useParams();
  const id = Number(params.id);
  const [data, setData] = useState<{ evento: InternalEventResponse; asistentes: AsistenteResponse[] } | null>(null);
  const [error, setError] = useState<string | null>(null);
  useDocumentTitle(data ? `Invitaciones · ${data.evento.titulo}` : 'Invitaciones');

  useEffect(() => {
    Promise.all([getInternalEvent(id), getAsistentes(id)])
      .then(([e, a]) => setData({ evento: e.evento, asistentes: a.asistentes }))
      .catch((err: unknown) => setError(errorMessage(err, 'Error al cargar el evento')));
  }, [id]);

  if (error) return <Alert kind="error">{error}</Alert>;
  if (!data) return <Spinner label="Cargando invitaciones…" />;
  return (
    <div className="ie-page ie-invitations">
      <div className="ie-detail__top ie-no-print">
        <Link to={`/eventos-internos/${id}`} className="back-link">
          <ArrowLeftIcon size={16} /> Volver al evento
        </Link>
        <Button variant="primary" onClick={() => window.print()} data-testid="ie-print">
          Imprimir
        </Button>
      </div>
      <header className="ie-invitations__head">
        <h1 className="ie-summary__title">{data.evento.titulo}</h1>
        <p className="muted">
          {formatDateTime(data.evento.fecha_evento)}
          {data.evento.ubicacion ? ` · ${data.evento.ubicacion}` : ''}
        </p>
      </header>
      {data.asistentes.length === 0 ? (
        <p className="empty">No hay asistentes asignados a este evento.</p>
      ) : (
        <div className="ie-invites">
          {data.asistentes.map((a) => (
            <Invitation key={a.id} evento={data.evento} asistente={a} />
          ))}
        </div>
      )}
    </div>
  );
}
