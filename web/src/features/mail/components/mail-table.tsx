import { MAIL_STATUS_LABELS, type CorreoResponse } from '@shared/contracts/mail.contract';
import { DataTable, EmptyMessage } from '../../../components/ui/data-table';
import { ResendButton, RowButton } from '../../../components/ui/row-actions';
import { formatDateTime } from '../../../lib/format';
import { REF_TYPE_LABELS, templateLabel } from '../mail-labels';

/** Every message of the page: recipient, subject, what it is about, status with attempts and error, when. */
export function CorreosTable({
  correos,
  canResend,
  busyId,
  onView,
  onResend,
}: {
  correos: readonly CorreoResponse[];
  canResend: (c: CorreoResponse) => boolean;
  busyId: number | null;
  onView: (c: CorreoResponse) => void;
  onResend: (c: CorreoResponse) => void;
}) {
  if (correos.length === 0) return <EmptyMessage testId="correos-empty">No hay correos con estos filtros</EmptyMessage>;
  return (
    <DataTable className="correos-table" testId="correos-table" columns={['Destinatario', 'Mensaje', 'Sobre', 'Estado', 'Actualizado']}>
      {correos.map((c) => (
        <tr key={c.id} data-testid="correo-row" data-correo-id={c.id} data-status={c.status}>
          <td data-label="Destinatario" className="correos-table__to">
            <div className="correos-cell">
              {c.to_name ? <span className="correos-table__name">{c.to_name}</span> : null}
              <span className="correos-table__email">{c.to_email}</span>
            </div>
          </td>
          <td data-label="Mensaje">
            <div className="correos-cell">
              <span className="correos-table__subject">{c.subject ?? templateLabel(c.template)}</span>
              <span className="correos-table__muted">{templateLabel(c.template)}</span>
            </div>
          </td>
          <td data-label="Sobre">
            <div className="correos-cell">
              {c.ref_type ? (
                <>
                  <span>{c.ref_label ?? `#${c.ref_id}`}</span>
                  <span className="correos-table__muted">{REF_TYPE_LABELS[c.ref_type]}</span>
                </>
              ) : (
                <span className="correos-table__muted">—</span>
              )}
            </div>
          </td>
          <td data-label="Estado">
            <div className="correos-cell">
              <span className={`badge correos-badge correos-badge--${c.status}`} data-testid="correo-status">
                {MAIL_STATUS_LABELS[c.status]}
              </span>
              <span className="correos-table__muted" data-testid="correo-attempts">
                {c.attempts === 1 ? '1 intento' : `${c.attempts} intentos`}
              </span>
              {c.last_error ? (
                <span className="correos-table__error" data-testid="correo-error">
                  {c.last_error}
                </span>
              ) : null}
            </div>
          </td>
          <td data-label="Actualizado">{formatDateTime(c.updated_at)}</td>
          <td data-label="Acciones" className="table__actions">
            <RowButton onClick={() => onView(c)} aria-label={`Ver el correo a ${c.to_email}`} data-testid="view-correo">
              Ver
            </RowButton>
            {c.status === 'failed' && canResend(c) ? (
              <ResendButton
                onClick={() => onResend(c)}
                disabled={busyId === c.id}
                aria-label={`Reenviar el correo a ${c.to_email}`}
                data-testid="resend-correo"
              />
            ) : null}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
