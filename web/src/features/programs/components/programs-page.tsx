import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { PROGRAM_PERMISSION_AREAS as PROGRAM_AREAS, type ProgramaResponse } from '@shared/contracts/programs.contract';
import { ROOMS } from '@shared/events/socket-events';
import { ListCard } from '../../../components/ui/list-card';
import { PageHeader } from '../../../components/ui/page-header';
import { useAreaRights } from '../../../lib/use-area-rights';
import { useDocumentTitle } from '../../../lib/config';
import { toast } from '../../../lib/toast';
import { deletePrograma } from '../api/delete-programa';
import { getProgramas } from '../api/get-programas';
import { setFeatured } from '../api/set-featured';
import { ProgramsLiveEffect } from '../live/programs-live-effect';
import { loadProgramas, programsState, removePrograma, upsertPrograma } from '../stores/programs-store';
import { ProgramaFormModal } from './programa-form-modal';
import { ProgramsTable } from './programs-table';
import { RegistrationsModal } from './registrations-modal';
import { useBusyRow } from '../../../lib/use-busy-row';
import { useFormModal } from '../../../lib/use-form-modal';
import '../programs.css';

function ProgramsManager() {
  const { programas, loading, loaded, error } = useSnapshot(programsState);
  const [registrationsOf, setRegistrationsOf] = useState<number | null>(null);
  const { busyId, run } = useBusyRow();
  const { create: canCreate, ...rowPermissions } = useAreaRights(PROGRAM_AREAS);
  // Read from the live list: a change elsewhere shows; a program deleted elsewhere closes its modals.
  const find = (id: number | null) => (id === null ? null : ((programas.find((p) => p.id === id) as ProgramaResponse | undefined) ?? null));
  const form = useFormModal(programas as ProgramaResponse[]);
  const registrationsPrograma = find(registrationsOf);

  useEffect(() => {
    loadProgramas(getProgramas).catch(() => toast.error('No se pudieron cargar los programas'));
  }, []);

  const handleToggleFeatured = (p: ProgramaResponse) =>
    run(
      p.id,
      async () => {
        const { programa } = await setFeatured(p.id, !p.es_destacado);
        upsertPrograma(programa);
        toast.success(programa.es_destacado ? 'Programa destacado' : 'Programa ya no está destacado');
      },
      () => toast.error('No se pudo cambiar el estado destacado'),
    );

  const handleDelete = async (p: ProgramaResponse) => {
    if (!window.confirm(`¿Estás seguro de eliminar el programa ${p.nombre}?`)) return;
    await run(
      p.id,
      async () => {
        await deletePrograma(p.id);
        removePrograma(p.id);
        toast.success('Programa eliminado exitosamente');
      },
      () => toast.error('Error al eliminar el programa'),
    );
  };

  return (
    <div className="programs-page">
      <ProgramsLiveEffect registrationsOf={registrationsPrograma ? registrationsPrograma.id : null} />
      <PageHeader
        title="Gestión de Programas y Servicios"
        subtitle="Programas municipales, su publicación y los registros de la ciudadanía."
        room={ROOMS.programs}
        create={canCreate && { label: 'Crear Nuevo Programa', onClick: form.openCreate, testId: 'create-program' }}
      />
      <ListCard title="Programas Creados" count={programas.length} state={{ loading, loaded, error }} loadingLabel="Cargando programas…">
        <ProgramsTable
          programas={programas as ProgramaResponse[]}
          editing={{ can: rowPermissions, busyId, onEdit: form.openEdit, onDelete: (p) => void handleDelete(p) }}
          onToggleFeatured={(p) => void handleToggleFeatured(p)}
          onOpenRegistrations={(p) => setRegistrationsOf(p.id)}
        />
      </ListCard>
      {form.creating ? <ProgramaFormModal onClose={form.close} /> : null}
      {form.editing ? <ProgramaFormModal key={form.editing.id} programa={form.editing} onClose={form.close} /> : null}
      {registrationsPrograma ? (
        <RegistrationsModal
          programa={registrationsPrograma}
          canEdit={rowPermissions.edit}
          canDelete={rowPermissions.delete}
          onClose={() => setRegistrationsOf(null)}
        />
      ) : null}
    </div>
  );
}

/** Programas y Servicios (spec 3 §2.6); the view permission is checked by the route (router.tsx). */
export function ProgramsPage() {
  useDocumentTitle('Programas y Servicios');
  return <ProgramsManager />;
}
