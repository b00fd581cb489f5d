import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import type { LookupData, PersonaResponse } from '@shared/contracts/personas.contract';
import { ROOMS } from '@shared/events/socket-events';
import { UploadIcon } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { Pagination } from '../../../components/ui/pagination';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/auth';
import { useDocumentTitle } from '../../../lib/config';
import { personasRights } from '../../../lib/permissions';
import { toast } from '../../../lib/toast';
import { deletePersona } from '../api/delete-persona';
import { getPersona } from '../api/get-persona';
import { PersonasLiveEffect } from '../live/personas-live-effect';
import { formatCount, personaName } from '../persona-labels';
import { closeImportModal, importState, openImportModal, resetImports, syncImports } from '../stores/import-store';
import { loadLookupData, lookupState } from '../stores/lookup-store';
import {
  clearPersonasFilters,
  goToPersonasPage,
  loadPersonas,
  loadPersonaStats,
  personasState,
  refreshPersonas,
  resetPersonasScreen,
  setPersonasFilter,
  startPersonasScreen,
} from '../stores/personas-store';
import { ImportCsvModal } from './import-csv-modal';
import { ImportIndicator } from './import-indicator';
import { PersonaFormModal } from './persona-form-modal';
import { PersonaStats } from './persona-stats';
import { PersonaViewModal } from './persona-view-modal';
import { PersonasFilters } from './personas-filters';
import { PersonasTable } from './personas-table';
import { useBusyRow } from '../../../lib/use-busy-row';
import '../personas.css';
import { Button } from '../../../components/ui/button';

type Editing = { mode: 'create' } | { mode: 'edit'; persona: PersonaResponse } | null;

/**
 * Base de Personas (spec 3 §2.1). The `personas` area gates it (docs/decisions.md): the server answers
 * 403 without view (back to /dashboard); create, edit, delete and import (view + create + edit) decide
 * which buttons show, and the server checks them again.
 */
export function PersonasPage() {
  useDocumentTitle('Base de Personas');
  const { user } = useSession();
  const list = useSnapshot(personasState);
  const lookupSnap = useSnapshot(lookupState);
  const lookup = lookupSnap.data as LookupData | null;
  const { modalOpen: importOpen } = useSnapshot(importState);
  const [editing, setEditing] = useState<Editing>(null);
  const [viewing, setViewing] = useState<PersonaResponse | null>(null);
  const { busyId, run } = useBusyRow();

  const rights = personasRights(user);
  const { create: canCreate, edit: canEdit, delete: canDelete, import: canImport } = rights;

  useEffect(() => {
    // The route fetched fresh permissions (router.tsx); they decide which buttons show.
    startPersonasScreen();
    void loadPersonas();
    void loadPersonaStats();
    void loadLookupData();
    // An import left running (modal closed, page reloaded, another colleague) shows again.
    void syncImports();
    return () => {
      resetPersonasScreen();
      resetImports();
    };
  }, []);

  /** Another session changed the person on screen in the view modal: show the new data (or that it is gone). */
  const handlePersonaChanged = (id: number | null) => {
    if (!viewing || id !== viewing.id) return;
    getPersona(id)
      .then(({ persona }) => setViewing((open) => (open?.id === persona.id ? persona : open)))
      .catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 404) {
          setViewing((open) => (open?.id === id ? null : open));
          toast.info('Esta persona fue eliminada.');
        }
      });
  };

  const handleDelete = async (persona: PersonaResponse) => {
    if (!window.confirm(`¿Estás seguro de eliminar a ${personaName(persona)}?`)) return;
    await run(
      persona.id,
      async () => {
        const response = await deletePersona(persona.id);
        toast.success(response.message || 'Persona eliminada exitosamente');
        refreshPersonas();
      },
      (error) => window.alert(error instanceof ApiError && error.serverMessage ? error.serverMessage : 'Error al eliminar la persona'),
    );
  };

  const handleSaved = (persona: PersonaResponse) => {
    setEditing(null);
    setViewing((open) => (open?.id === persona.id ? persona : open));
    refreshPersonas();
  };

  const personas = list.personas as PersonaResponse[];
  const firstLoad = list.loading && !list.loaded;

  return (
    <div className="personas-page">
      <PersonasLiveEffect onPersonaChanged={handlePersonaChanged} />
      <PageHeader
        title="Base de Personas"
        subtitle="Contactos del municipio, su nivel de completitud e importación desde CSV."
        room={ROOMS.personas}
        actions={
          <>
            <Link className="btn btn--secondary" to="/personas/duplicados" data-testid="open-duplicates">
              Posibles duplicados
            </Link>
            {canImport ? (
              <Button onClick={openImportModal} data-testid="open-import">
                <UploadIcon size={18} /> Importar CSV
              </Button>
            ) : null}
          </>
        }
        create={
          canCreate && {
            label: 'Nueva Persona',
            onClick: () => setEditing({ mode: 'create' }),
            disabled: !lookup && !lookupSnap.failed,
            testId: 'create-persona',
          }
        }
      />

      {canImport ? <ImportIndicator onOpen={openImportModal} /> : null}
      <PersonaStats stats={list.stats} />

      <section className="card" aria-labelledby="personas-list-title">
        <div className="card__header personas-list__header">
          <h2 className="card__title" id="personas-list-title">
            Personas
          </h2>
          {list.loaded ? (
            <span className="counter" data-testid="personas-total" title="Personas que coinciden con los filtros">
              {formatCount(list.total)}
            </span>
          ) : null}
          {list.loading && list.loaded ? (
            <span className="personas-list__loading muted" role="status">
              <span className="spinner spinner--small" aria-hidden="true" /> Cargando personas...
            </span>
          ) : null}
        </div>
        <PersonasFilters
          filters={list.query}
          sectores={lookup?.sectores ?? []}
          empresas={lookup?.empresas ?? []}
          onChange={setPersonasFilter}
          onClear={clearPersonasFilters}
        />
        {firstLoad ? (
          <Spinner label="Cargando personas..." />
        ) : list.loaded && personas.length === 0 ? (
          <p className="empty" data-testid="personas-empty">
            No se encontraron personas
          </p>
        ) : list.loaded ? (
          <div className={list.loading ? 'is-refreshing' : undefined} aria-busy={list.loading}>
            <PersonasTable
              personas={personas}
              editing={{
                can: { edit: canEdit, delete: canDelete },
                busyId,
                onEdit: (persona) => setEditing({ mode: 'edit', persona }),
                onDelete: (persona) => void handleDelete(persona),
              }}
              onView={setViewing}
            />
          </div>
        ) : null}
        {/* Spec 3 §2.1: only with more than one page. */}
        <Pagination
          page={list.currentPage}
          lastPage={list.lastPage}
          disabled={list.loading}
          onPage={goToPersonasPage}
          status={`Mostrando página ${list.currentPage} de ${list.lastPage}`}
          testId="personas"
        />
      </section>

      {viewing ? (
        <PersonaViewModal
          key={viewing.id}
          persona={viewing}
          canEdit={canEdit}
          onEdit={() => {
            setEditing({ mode: 'edit', persona: viewing });
            setViewing(null);
          }}
          onClose={() => setViewing(null)}
        />
      ) : null}
      {editing?.mode === 'create' ? <PersonaFormModal lookup={lookup} onSaved={handleSaved} onClose={() => setEditing(null)} /> : null}
      {editing?.mode === 'edit' ? (
        <PersonaFormModal
          key={editing.persona.id}
          persona={editing.persona}
          lookup={lookup}
          onSaved={handleSaved}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {importOpen && canImport ? <ImportCsvModal onClose={closeImportModal} /> : null}
    </div>
  );
}
