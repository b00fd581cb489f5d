import type { ExternalRegistrationResponse } from '@shared/contracts/external-events.contract';
import { CheckIcon } from '../../../components/ui/icons';
import { fullName } from '../event-labels';
import { Button } from '../../../components/ui/button';

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
        <Button
          variant="confirm"
          size="sm"
          onClick={() => handlers.onConfirm(registration)}
          disabled={busy}
          aria-label={`Confirmar asistencia de ${name}`}
          data-testid="confirm-registration"
        >
          <CheckIcon size={16} /> Confirmar
        </Button>
      ) : null}
      {handlers.canEdit && registration.status === 'attended' ? (
        <Button
          variant="ghost"
          size="sm"
          onClick={() => handlers.onUnconfirm(registration)}
          disabled={busy}
          aria-label={`Cancelar confirmación de ${name}`}
          data-testid="unconfirm-registration"
        >
          Cancelar confirmación
        </Button>
      ) : null}
      <Button
        size="sm"
        onClick={() => handlers.onDetails(registration)}
        aria-label={`Detalles de ${name}`}
        data-testid="registration-details"
      >
        Detalles
      </Button>
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
    <Button
      variant="danger"
      size="sm"
      onClick={() => handlers.onDelete(registration)}
      disabled={handlers.busyId === registration.id}
      aria-label={`Eliminar el registro de ${fullName(registration)}`}
      data-testid="delete-registration"
    >
      Eliminar
    </Button>
  );
}
