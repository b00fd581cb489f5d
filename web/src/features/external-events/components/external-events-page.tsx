import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import type { ExternalEventResponse } from '@shared/contracts/external-events.contract';
import { ROOMS } from '@shared/events/socket-events';
import { ListCard } from '../../../components/ui/list-card';
import { PageHeader } from '../../../components/ui/page-header';
import { errorMessage } from '../../../lib/api-client';
import { useAreaRights } from '../../../lib/use-area-rights';
import { useDocumentTitle } from '../../../lib/config';
import { toast } from '../../../lib/toast';
import { deleteExternalEvent } from '../api/delete-external-event';
import { toggleFeatured } from '../api/toggle-featured';
import { ExternalEventsLiveEffect } from '../live/external-events-live-effect';
import {
  externalEventsState,
  loadExternalEvents,
  patchExternalEvent,
  removeExternalEvent,
  upsertExternalEvent,
} from '../stores/external-events-store';
import { EventFormModal } from './event-form-modal';
import { ExternalEventsTable } from './external-events-table';
import { useBusyRow } from '../../../lib/use-busy-row';
import { useFormModal } from '../../../lib/use-form-modal';
import '../external-events.css';

/** A refused row action: the spec's alert, then the server's reason when it gave one. */
const refused = (alert: string) => (err: unknown) => {
  window.alert(alert);
  const detail = errorMessage(err, '');
  if (detail) toast.error(detail);
};

function ExternalEventsManager() {
  const { events, loading, loaded, error } = useSnapshot(externalEventsState);
  // Read from the live list: an edit elsewhere shows; an event deleted elsewhere closes the modal.
  const form = useFormModal(events as ExternalEventResponse[]);
  const { busyId, run } = useBusyRow();
  const { create: canCreate, ...rowPermissions } = useAreaRights('eventos_externos');

  useEffect(() => {
    void loadExternalEvents();
  }, []);

  const handleToggleFeatured = (event: ExternalEventResponse) =>
    run(
      event.id,
      async () => {
        const response = await toggleFeatured(event.id);
        if (response.event) upsertExternalEvent(response.event);
        else patchExternalEvent(event.id, { is_featured: response.is_featured });
      },
      refused('Error al cambiar el estado destacado del evento'),
    );

  const handleDelete = async (event: ExternalEventResponse) => {
    if (!window.confirm('¿Estás seguro de eliminar este evento?')) return;
    await run(
      event.id,
      async () => {
        const response = await deleteExternalEvent(event.id);
        removeExternalEvent(event.id);
        toast.success(response.message || 'Evento eliminado exitosamente');
      },
      refused('Error al eliminar el evento'),
    );
  };

  return (
    <div className="external-events-page">
      <ExternalEventsLiveEffect />
      <PageHeader
        title="Eventos Externos"
        subtitle="Eventos públicos, su registro y la asistencia."
        room={ROOMS.externalEvents}
        create={canCreate && { label: 'Crear Evento', onClick: form.openCreate, testId: 'create-event' }}
      />
      <ListCard title="Eventos" count={events.length} state={{ loading, loaded, error }} loadingLabel="Cargando eventos…">
        <ExternalEventsTable
          events={events as ExternalEventResponse[]}
          editing={{ can: rowPermissions, busyId, onEdit: form.openEdit, onDelete: (event) => void handleDelete(event) }}
          onToggleFeatured={(event) => void handleToggleFeatured(event)}
        />
      </ListCard>
      {form.creating ? <EventFormModal mode="create" onClose={form.close} /> : null}
      {form.editing ? <EventFormModal key={form.editing.id} mode="edit" event={form.editing} onClose={form.close} /> : null}
    </div>
  );
}

/** External events administration (spec 1 §2.6); its view permission is declared on the route (router.tsx). */
export function ExternalEventsPage() {
  useDocumentTitle('Eventos Externos');
  return <ExternalEventsManager />;
}
