import type { ExternalEventStatus } from '@shared/contracts/external-events.contract';
import { EVENT_STATUS_LABELS } from '../event-labels';

export function EventStatusBadge({ status }: { status: ExternalEventStatus }) {
  return (
    <span className={`badge badge--status-${status}`} data-testid="event-status" data-status={status}>
      {EVENT_STATUS_LABELS[status] ?? status}
    </span>
  );
}
