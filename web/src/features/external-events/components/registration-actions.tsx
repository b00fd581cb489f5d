import type { ExternalRegistrationResponse } from '@shared/contracts/external-events.contract';
import { CheckIcon } from '../../../components/ui/icons';
import { fullName } from '../event-labels';

export interface RegistrationHandlers {
  canEdit: boolean;
  canDelete: boolean;
  busyId: number | null;
  onConfirm: (registration: ExternalRegistrationResponse) => void;
  onUnconfirm: (registration: ExternalRegistrationResponse) => void;
  onDelete: (registration: ExternalRegistrationResponse) => void;
  onDetails: (registration: ExternalRegistrationResponse) => void;
}

/** Confirm (registered → attended) or unconfirm (attended → registered), and the details button. */
export function AttendanceActions({
  registration,
  handlers,
}: {
  registration: ExternalRegistrationResponse;
  handlers: RegistrationHandlers;
}) {
  const busy = handlers.busyId === registration.id;
  const name = fullName(registration);
  return (
    <span className="row-actions">
      {handlers.canEdit && registration.status === 'registered' ? (
        <button
          type="button"
          className="btn btn--sm btn--confirm"
          onClick={() => handlers.onConfirm(registration)}
          disabled={busy}
          aria-label={`Confirmar asistencia de ${name}`}
          data-testid="confirm-registration"
        >
          <CheckIcon size={16} /> Confirmar
        </button>
      ) : null}
      {handlers.canEdit && registration.status === 'attended' ? (
        <button
          type="button"
          className="btn btn--sm btn--ghost"
          onClick={() => handlers.onUnconfirm(registration)}
          disabled={busy}
          aria-label={`Cancelar confirmación de ${name}`}
          data-testid="unconfirm-registration"
        >
          Cancelar confirmación
        </button>
      ) : null}
      <button
        type="button"
        className="btn btn--sm btn--secondary"
        onClick={() => handlers.onDetails(registration)}
        aria-label={`Detalles de ${name}`}
        data-testid="registration-details"
      >
        Detalles
      </button>
    </span>
  );
}

export function DeleteRegistrationButton({
  registration,
  handlers,
}: {
  registration: ExternalRegistrationResponse;
  handlers: RegistrationHandlers;
}) {
  return (
    <button
      type="button"
      className="btn btn--sm btn--danger"
      onClick={() => handlers.onDelete(registration)}
      disabled={handlers.busyId === registration.id}
      aria-label={`Eliminar el registro de ${fullName(registration)}`}
      data-testid="delete-registration"
    >
      Eliminar
    </button>
  );
}
