import type { RegistrationStatus } from '@shared/contracts/external-events.contract';
import { REGISTRATION_STATUS_LABELS } from '../event-labels';

export function RegistrationStatusBadge({ status }: { status: RegistrationStatus }) {
  return (
    <span className={`badge badge--reg-${status}`} data-testid="registration-status" data-status={status}>
      {REGISTRATION_STATUS_LABELS[status] ?? status}
    </span>
  );
}
