import { useState } from 'react';
import type { AsistenteResponse, InternalEventResponse } from '@shared/contracts/internal-events.contract';
import { DownloadIcon, EnvelopeIcon, PlusIcon } from '../../../components/ui/icons';
import { Pagination } from '../../../components/ui/pagination';
import { ATTENDEES_PER_PAGE, PAGE_WINDOW } from '../../../lib/constants';
import { saveBlob } from '../../../lib/download';
import { todayInputValue } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useSelection } from '../../../lib/use-selection';
import { attendeesCsv, attendeesCsvName } from '../attendees';
import { AssignPersonasModal, RemoveAsistenteModal, StatusChangeModal } from './attendee-modals';
import { AttendeesTable } from './attendees-table';
import { requestInvitations, SendInvitationsModal } from './invitations-panel';
import { useAttendeeSearch } from './use-attendee-search';
import { Button } from '../../../components/ui/button';
import { SearchField } from '../../../components/ui/search-field';

/** 'Mostrando X a Y de Z resultados' always, the pages (numbers around the current one) when there are several. */
function AttendeesPagination({ page, total, onPage }: { page: number; total: number; onPage: (p: number) => void }) {
  const lastPage = Math.max(1, Math.ceil(total / ATTENDEES_PER_PAGE));
  const from = total === 0 ? 0 : (page - 1) * ATTENDEES_PER_PAGE + 1;
  const to = Math.min(total, page * ATTENDEES_PER_PAGE);
  return (
    <Pagination
      page={page}
      lastPage={lastPage}
      onPage={onPage}
      status={`Mostrando ${from} a ${to} de ${total} resultados`}
      pageNumbers={PAGE_WINDOW}
      keepStatus
      testId="ie"
    />
  );
}

/**
 * The event's attendees: export, invite and assign, the search, one page of the table, and the dialogs its
 * buttons open (change a confirmation, remove someone, assign people, send invitations).
 */
export function AttendeesCard({
  evento,
  asistentes,
  canEdit,
  canInvite,
}: {
  evento: InternalEventResponse;
  asistentes: readonly AsistenteResponse[];
  canEdit: boolean;
  canInvite: boolean;
}) {
  const eventId = evento.id;
  const { search, setSearch, filtered, page, setPage, pageRows } = useAttendeeSearch(asistentes);
  const selection = useSelection();
  const [statusFor, setStatusFor] = useState<number | null>(null);
  const [removing, setRemoving] = useState<number | null>(null);
  const [assigning, setAssigning] = useState(false);
  const [inviting, setInviting] = useState(false);

  const exportCsv = () => {
    const blob = new Blob([attendeesCsv(asistentes)], { type: 'text/csv;charset=utf-8' });
    saveBlob(blob, attendeesCsvName(evento.titulo, todayInputValue()));
    toast.success('Lista de asistentes exportada exitosamente');
  };
  const selectedIds = asistentes.filter((a) => selection.selected.has(a.id)).map((a) => a.id);
  const inviteOne = (a: AsistenteResponse) => void requestInvitations(eventId, [a.id]);
  const statusAsistente = statusFor !== null ? asistentes.find((a) => a.id === statusFor) : undefined;
  const removeAsistente = removing !== null ? asistentes.find((a) => a.id === removing) : undefined;

  return (
    <>
      <section className="card" aria-labelledby="ie-asistentes-title">
        <div className="ie-attendees__header">
          <h2 className="card__title" id="ie-asistentes-title" data-testid="ie-asistentes-title">
            Asistentes ({asistentes.length})
          </h2>
          <div className="ie-attendees__tools">
            <Button size="sm" onClick={exportCsv} data-testid="ie-export">
              <DownloadIcon size={16} /> Exportar CSV
            </Button>
            {canInvite ? (
              <Button size="sm" onClick={() => setInviting(true)} data-testid="ie-invite-open">
                <EnvelopeIcon size={16} /> Enviar invitaciones{selectedIds.length > 0 ? ` (${selectedIds.length})` : ''}
              </Button>
            ) : null}
            {canEdit ? (
              <Button variant="primary" size="sm" onClick={() => setAssigning(true)} data-testid="ie-assign-open">
                <PlusIcon size={16} /> Asignar Personas
              </Button>
            ) : null}
          </div>
        </div>
        <SearchField
          className="ie-search"
          label="Buscar asistentes"
          placeholder="Buscar por nombre, empresa, puesto o código..."
          value={search}
          onValueChange={setSearch}
          data-testid="ie-search"
        />
        {asistentes.length === 0 ? (
          <p className="empty" data-testid="ie-no-attendees">
            No hay asistentes asignados a este evento.
          </p>
        ) : filtered.length === 0 ? (
          <p className="empty" data-testid="ie-no-match">
            No se encontraron asistentes
          </p>
        ) : (
          <>
            <AttendeesTable
              rows={pageRows}
              canEdit={canEdit}
              canInvite={canInvite}
              selection={selection}
              onStatus={(a) => setStatusFor(a.id)}
              onRemove={(a) => setRemoving(a.id)}
              onInvite={inviteOne}
            />
            <AttendeesPagination page={page} total={filtered.length} onPage={setPage} />
          </>
        )}
      </section>

      {statusAsistente ? <StatusChangeModal evento={evento} asistente={statusAsistente} onClose={() => setStatusFor(null)} /> : null}
      {removeAsistente ? <RemoveAsistenteModal eventId={eventId} asistente={removeAsistente} onClose={() => setRemoving(null)} /> : null}
      {assigning ? <AssignPersonasModal eventId={eventId} onClose={() => setAssigning(false)} /> : null}
      {inviting ? (
        <SendInvitationsModal
          eventId={eventId}
          asistentes={asistentes}
          selected={selectedIds}
          onSent={() => selection.toggleAll(selectedIds)}
          onClose={() => setInviting(false)}
        />
      ) : null}
    </>
  );
}
