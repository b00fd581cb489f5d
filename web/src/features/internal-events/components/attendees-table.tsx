import type { AsistenteResponse } from '@shared/contracts/internal-events.contract';
import { ClipboardIcon } from '../../../components/ui/icons';
import { formatDateTime } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import type { useSelection } from '../../../lib/use-selection';
import { seatLabel } from '../attendees';
import { CONFIRMACION_LABELS } from '../labels';
import { hasEmail } from './invitations-panel';
import { Button } from '../../../components/ui/button';

async function copyCode(code: string) {
  try {
    await navigator.clipboard.writeText(code);
    toast.success(`Código ${code} copiado al portapapeles`);
  } catch {
    toast.error('Error al copiar el código');
  }
}

/** Who was invited by e-mail, and when (the last invitation queued for them). */
function InvitationLine({ a }: { a: AsistenteResponse }) {
  const at = a.pivot.invitacion_enviada_at;
  if (at) {
    return (
      <span className="person-cell__sub ie-invited" data-testid="ie-attendee-invited" data-invited="true">
        Invitación enviada: {formatDateTime(at)}
      </span>
    );
  }
  return (
    <span className="person-cell__sub muted" data-testid="ie-attendee-invited" data-invited="false">
      {hasEmail(a) ? 'Invitación sin enviar' : 'Sin correo electrónico'}
    </span>
  );
}

export function AttendeesTable({
  rows,
  canEdit,
  canInvite,
  selection,
  onStatus,
  onRemove,
  onInvite,
}: {
  rows: readonly AsistenteResponse[];
  canEdit: boolean;
  canInvite: boolean;
  selection: ReturnType<typeof useSelection>;
  onStatus: (a: AsistenteResponse) => void;
  onRemove: (a: AsistenteResponse) => void;
  onInvite: (a: AsistenteResponse) => void;
}) {
  const pageIds = rows.map((a) => a.id);
  return (
    <div className="table-wrap">
      <table className="table ie-table" data-testid="ie-attendees">
        <thead>
          <tr>
            {canEdit ? (
              <th scope="col" className="ie-table__pick">
                <input
                  type="checkbox"
                  checked={selection.allSelected(pageIds)}
                  onChange={() => selection.toggleAll(pageIds)}
                  aria-label="Seleccionar los asistentes de esta página"
                  data-testid="ie-select-page"
                />
              </th>
            ) : null}
            <th scope="col">Nombre</th>
            <th scope="col">Empresa</th>
            <th scope="col">Sección/Asiento</th>
            <th scope="col">Código</th>
            <th scope="col">Confirmación</th>
            {canEdit ? <th scope="col">Acciones</th> : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((a) => (
            <tr key={a.id} data-testid="ie-attendee" data-persona={a.id}>
              {canEdit ? (
                <td className="ie-table__pick">
                  <input
                    type="checkbox"
                    checked={selection.selected.has(a.id)}
                    onChange={() => selection.toggle(a.id)}
                    aria-label={`Seleccionar a ${a.nombre_completo}`}
                    data-testid="ie-attendee-select"
                  />
                </td>
              ) : null}
              <td data-label="Nombre">
                <span className="person-cell__name">{a.nombre_completo}</span>
                <span className="person-cell__sub muted">{a.puesto?.nombre ?? 'Sin puesto'}</span>
                <InvitationLine a={a} />
              </td>
              <td data-label="Empresa">{a.empresa?.nombre ?? '—'}</td>
              <td data-label="Sección/Asiento" data-testid="ie-attendee-seat">
                {a.asiento ? (
                  <span className="ie-seat" title={a.asiento.displayCode}>
                    <span className="ie-seat__dot" style={{ background: a.asiento.seccion.color || undefined }} aria-hidden="true" />
                    {seatLabel(a)}
                  </span>
                ) : (
                  <span className="muted">Sin asignar</span>
                )}
              </td>
              <td data-label="Código">
                <span className="ie-code" data-testid="ie-attendee-code">
                  {a.pivot.confirmation_code}
                </span>
                <button
                  type="button"
                  className="icon-link ie-copy"
                  onClick={() => void copyCode(a.pivot.confirmation_code)}
                  aria-label={`Copiar código ${a.pivot.confirmation_code}`}
                  title="Copiar código"
                >
                  <ClipboardIcon size={16} />
                </button>
              </td>
              <td data-label="Confirmación">
                <button
                  type="button"
                  className={`ie-status ie-status--${a.pivot.confirmacion}`}
                  onClick={() => onStatus(a)}
                  disabled={!canEdit}
                  data-testid="ie-attendee-status"
                  data-status={a.pivot.confirmacion}
                >
                  {CONFIRMACION_LABELS[a.pivot.confirmacion]}
                </button>
              </td>
              {canEdit ? (
                <td data-label="Acciones">
                  <div className="ie-row-actions">
                    {canInvite && hasEmail(a) ? (
                      <Button size="sm" onClick={() => onInvite(a)} data-testid="ie-attendee-invite">
                        {a.pivot.invitacion_enviada_at ? 'Reenviar invitación' : 'Enviar invitación'}
                      </Button>
                    ) : null}
                    <Button variant="danger" size="sm" onClick={() => onRemove(a)} data-testid="ie-attendee-remove">
                      Remover
                    </Button>
                  </div>
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
