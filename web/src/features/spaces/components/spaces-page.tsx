import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { EspacioResponse } from '@shared/contracts/spaces.contract';
import { ROOMS } from '@shared/events/socket-events';
import { ListCard } from '../../../components/ui/list-card';
import { PageHeader } from '../../../components/ui/page-header';
import { SkeletonLine } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useAreaRights } from '../../../lib/use-area-rights';
import { useDocumentTitle } from '../../../lib/config';
import { toast } from '../../../lib/toast';
import { getEspacio } from '../api/get-espacio';
import { toggleEspacioActive } from '../api/toggle-espacio-active';
import { SpacesLiveEffect } from '../live/spaces-live-effect';
import { espaciosState, loadEspacios, resetEspacios, upsertEspacio } from '../stores/spaces-store';
import { DeactivateSpaceModal } from './deactivate-space-modal';
import { SpaceFormModal } from './space-form-modal';
import { SpaceViewModal } from './space-view-modal';
import { SpacesList } from './spaces-list';
import { useBusyRow } from '../../../lib/use-busy-row';
import '../spaces.css';

/** Spec 3 §4, §8. */
const INACTIVE_EDIT = 'No se puede editar un espacio inactivo. Actívalo primero.';

type Dialog =
  | { kind: 'create' }
  | { kind: 'edit'; espacio: EspacioResponse }
  | { kind: 'view'; id: number }
  | { kind: 'deactivate'; id: number }
  | null;

function SpacesManager() {
  const { espacios, loading, loaded, error } = useSnapshot(espaciosState);
  const [dialog, setDialog] = useState<Dialog>(null);
  const { busyId, run } = useBusyRow();
  const { create: canCreate, edit: canEdit, delete: canDelete } = useAreaRights('eventos_internos');
  // View and deactivate read the live list: a change elsewhere shows at once.
  const listed = (id: number) => (espacios.find((e) => e.id === id) as EspacioResponse | undefined) ?? null;

  useEffect(() => {
    void loadEspacios();
    return resetEspacios;
  }, []);

  /** Fresh details before viewing or editing ('Error al cargar los detalles del espacio'). */
  const withDetails = (e: EspacioResponse, then: (fresh: EspacioResponse) => void) =>
    run(
      e.id,
      async () => {
        const { espacio } = await getEspacio(e.id);
        upsertEspacio(espacio);
        then(espacio);
      },
      () => toast.error('Error al cargar los detalles del espacio'),
    );

  const handleEdit = (e: EspacioResponse) => {
    if (!e.is_active) {
      toast.error(INACTIVE_EDIT);
      return;
    }
    void withDetails(e, (fresh) => (fresh.is_active ? setDialog({ kind: 'edit', espacio: fresh }) : toast.error(INACTIVE_EDIT)));
  };

  const handleActivate = (e: EspacioResponse) =>
    run(
      e.id,
      async () => {
        const response = await toggleEspacioActive(e.id);
        upsertEspacio(response.espacio);
        toast.success(response.message);
      },
      (err) => toast.error(errorMessage(err, 'Error al activar el espacio')),
    );

  const viewing = dialog?.kind === 'view' ? listed(dialog.id) : null;
  const deactivating = dialog?.kind === 'deactivate' ? listed(dialog.id) : null;

  return (
    <div className="spaces-page">
      <SpacesLiveEffect />
      <PageHeader
        title="Gestión de Espacios"
        subtitle="Crea y administra plantillas de distribución de asientos para los eventos."
        room={ROOMS.espacios}
        create={canCreate && { label: 'Crear Nuevo Espacio', onClick: () => setDialog({ kind: 'create' }), testId: 'create-space' }}
      />
      <ListCard
        title="Espacios"
        count={espacios.length}
        state={{ loading, loaded, error }}
        pending={
          <ul className="spaces-list" aria-busy="true" aria-label="Cargando espacios" data-testid="spaces-loading">
            {[0, 1, 2].map((i) => (
              <li key={i} className="space-row space-row--skeleton">
                <SkeletonLine width="40%" height="1.1rem" />
                <SkeletonLine width="60%" />
              </li>
            ))}
          </ul>
        }
      >
        {espacios.length === 0 ? (
          <div className="empty" data-testid="spaces-empty">
            <p className="spaces-empty__title">No hay espacios</p>
            <p>Comienza creando tu primer espacio de asientos.</p>
          </div>
        ) : (
          <SpacesList
            espacios={espacios as EspacioResponse[]}
            actions={{
              canEdit,
              canDelete,
              busyId,
              onView: (e) => void withDetails(e, (fresh) => setDialog({ kind: 'view', id: fresh.id })),
              onEdit: handleEdit,
              onDeactivate: (e) => setDialog({ kind: 'deactivate', id: e.id }),
              onActivate: (e) => void handleActivate(e),
            }}
          />
        )}
      </ListCard>
      {dialog?.kind === 'create' ? <SpaceFormModal onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'edit' ? <SpaceFormModal key={dialog.espacio.id} espacio={dialog.espacio} onClose={() => setDialog(null)} /> : null}
      {viewing ? <SpaceViewModal espacio={viewing} onClose={() => setDialog(null)} /> : null}
      {deactivating ? <DeactivateSpaceModal espacio={deactivating} onClose={() => setDialog(null)} /> : null}
    </div>
  );
}

/** Gestión de Espacios (spec 3 §2.8); the route checks the eventos_internos view permission (router.tsx). */
export function SpacesPage() {
  useDocumentTitle('Gestión de Espacios');
  return <SpacesManager />;
}
