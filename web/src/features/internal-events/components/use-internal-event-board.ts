import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { AsistenteResponse, InternalEventResponse, InvitationJobResponse } from '@shared/contracts/internal-events.contract';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { internalEventState, loadInternalEvent, resetInternalEvent } from '../stores/internal-event-store';

/** One event's board from its store: loaded once per event (the live effect keeps it current), or failed with a toast. */
export function useInternalEventBoard(eventId: number) {
  const snap = useSnapshot(internalEventState);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    resetInternalEvent(eventId);
    loadInternalEvent(eventId).catch((err: unknown) => {
      setFailed(true);
      toast.error(errorMessage(err, 'Error al cargar el evento'));
    });
  }, [eventId]);

  return {
    failed,
    loaded: snap.loaded,
    evento: snap.evento as InternalEventResponse | null,
    asistentes: snap.asistentes as readonly AsistenteResponse[],
    invitationJob: snap.invitationJob as InvitationJobResponse | null,
  };
}
