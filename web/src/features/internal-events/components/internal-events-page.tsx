import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { ESTADOS_EVENTO_INTERNO, TIPOS_EVENTO_INTERNO, type InternalEventResponse } from '@shared/contracts/internal-events.contract';
import { ROOMS } from '@shared/events/socket-events';
import { Alert } from '../../../components/ui/alert';
import { BuildingIcon, CalendarIcon, PeopleIcon, PinIcon, PlusIcon } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/page-header';
import { useAreaRights } from '../../../lib/use-area-rights';
import { useFormModal } from '../../../lib/use-form-modal';
import { useDocumentTitle } from '../../../lib/config';
import { DESCRIPTION_PREVIEW_CHARS, INTERNAL_EVENTS_SKELETON_CARDS } from '../../../lib/constants';
import { formatDateTime } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { deleteInternalEvent } from '../api/delete-internal-event';
import { ESTADO_LABELS, TIPO_LABELS } from '../labels';
import { InternalEventsLiveEffect } from '../live/internal-events-live-effect';
import { internalEventsState, loadInternalEvents, removeInternalEvent, setFilter } from '../stores/internal-events-store';
import { AssignPersonasModal } from './attendee-modals';
import { EstadoBadge, TipoBadge } from './internal-event-badges';
import { InternalEventFormModal } from './internal-event-form-modal';
import '../internal-events.css';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { Options, Select } from '../../../components/ui/field';
import { Button } from '../../../components/ui/button';

function preview(text: string | null): string {
  if (!text) return '';
  return text.length > DESCRIPTION_PREVIEW_CHARS ? `${text.slice(0, DESCRIPTION_PREVIEW_CHARS)}...` : text;
}

function EventCard({
  evento,
  canEdit,
  canDelete,
  onEdit,
  onAssign,
  onDelete,
}: {
  evento: InternalEventResponse;
  canEdit: boolean;
  canDelete: boolean;
  onEdit: () => void;
  onAssign: () => void;
  onDelete: () => void;
}) {
  return (
    <article className="ie-card" data-testid="ie-card" data-id={evento.id}>
      <div className="ie-card__head">
        <h3 className="ie-card__title">{evento.titulo}</h3>
        <EstadoBadge estado={evento.estado} />
      </div>
      {evento.descripcion ? <p className="ie-card__description">{preview(evento.descripcion)}</p> : null}
      <ul className="ie-card__meta">
        <li>
          <CalendarIcon size={16} /> {formatDateTime(evento.fecha_evento)}
        </li>
        {evento.ubicacion ? (
          <li>
            <PinIcon size={16} /> {evento.ubicacion}
          </li>
        ) : null}
        <li>
          <PeopleIcon size={16} /> <span data-testid="ie-card-count">{evento.asistentes_count}</span> asistentes
        </li>
      </ul>
      <div className="ie-card__foot">
        <TipoBadge tipo={evento.tipo} />
        <div className="ie-card__actions">
          <Link className="btn btn--sm btn--primary" to={`/eventos-internos/${evento.id}`}>
            Ver Detalles
          </Link>
          {canEdit ? (
            <Button size="sm" onClick={onEdit} data-testid="ie-card-edit">
              Editar
            </Button>
          ) : null}
          {canEdit ? (
            <Button size="sm" onClick={onAssign} aria-label={`Asignar Personas a ${evento.titulo}`} data-testid="ie-card-assign">
              <PlusIcon size={16} /> Asignar Personas
            </Button>
          ) : null}
          {canDelete && evento.estado === 'borrador' ? (
            <Button variant="danger" size="sm" onClick={onDelete} data-testid="ie-card-delete">
              Eliminar
            </Button>
          ) : null}
        </div>
      </div>
    </article>
  );
}

/** One filter of the list: 'Todos', then each value with its label; a choice reloads the list. */
function FilterSelect<T extends string>({
  filter,
  label,
  value,
  values,
  labels,
}: {
  filter: 'estado' | 'tipo';
  label: string;
  value: string;
  values: readonly T[];
  labels: Readonly<Record<T, string>>;
}) {
  return (
    <label className="field">
      <span className="field__label">{label}</span>
      <Select value={value} onValueChange={(v) => setFilter(filter, v)} data-testid={`ie-filter-${filter}`}>
        <option value="todos">Todos</option>
        <Options values={values} labels={labels} />
      </Select>
    </label>
  );
}

function SkeletonCards() {
  return (
    <div className="ie-grid" aria-busy="true" data-testid="ie-skeletons">
      {Array.from({ length: INTERNAL_EVENTS_SKELETON_CARDS }, (_, i) => (
        <div key={i} className="ie-card ie-card--skeleton">
          <span className="skeleton ie-skel ie-skel--title" />
          <span className="skeleton ie-skel" />
          <span className="skeleton ie-skel ie-skel--short" />
        </div>
      ))}
    </div>
  );
}

function DeleteModal({ evento, onClose }: { evento: InternalEventResponse; onClose: () => void }) {
  return (
    <ConfirmModal
      title="Eliminar Evento Interno"
      confirmLabel="Eliminar"
      busyLabel="Eliminando..."
      errorFallback="Error al eliminar el evento interno"
      action={async () => {
        await deleteInternalEvent(evento.id);
        removeInternalEvent(evento.id);
        return 'Evento interno eliminado exitosamente';
      }}
      onClose={onClose}
      testId="ie-delete-modal"
      confirmTestId="ie-delete-confirm"
    >
      <p>
        ¿Eliminar <strong>{evento.titulo}</strong>? Esta acción no se puede deshacer
      </p>
    </ConfirmModal>
  );
}

function InternalEventsManager() {
  const { eventos, filters, loading, loaded, error } = useSnapshot(internalEventsState);
  const [deleting, setDeleting] = useState<number | null>(null);
  // The detail's own modal (spec 2 §2: the list also assigns attendees); the card's count follows the push.
  const [assigning, setAssigning] = useState<number | null>(null);
  const { create: canCreate, edit: canEdit, delete: canDelete } = useAreaRights('eventos_internos');
  const form = useFormModal(eventos as InternalEventResponse[]);
  const deletingEvent = deleting !== null ? (eventos.find((e) => e.id === deleting) as InternalEventResponse | undefined) : undefined;

  useEffect(() => {
    void loadInternalEvents().then((ok) => {
      if (!ok) toast.error(internalEventsState.error ?? 'Error al cargar los eventos internos');
    });
  }, []);

  return (
    <div className="ie-page">
      <InternalEventsLiveEffect />
      <PageHeader
        title="Gestión de Eventos Internos"
        subtitle="Eventos por invitación, confirmaciones y asientos."
        room={ROOMS.internalEvents}
        actions={
          <Link className="btn btn--secondary" to="/espacios" data-testid="ie-espacios-link">
            <BuildingIcon size={18} /> Gestionar Espacios
          </Link>
        }
        create={canCreate && { label: 'Crear Nuevo Evento', onClick: form.openCreate, testId: 'ie-create' }}
      />
      <section className="card ie-filters" aria-label="Filtros">
        <FilterSelect filter="estado" label="Estado" value={filters.estado} values={ESTADOS_EVENTO_INTERNO} labels={ESTADO_LABELS} />
        <FilterSelect filter="tipo" label="Tipo" value={filters.tipo} values={TIPOS_EVENTO_INTERNO} labels={TIPO_LABELS} />
      </section>
      {error && !loading ? <Alert kind="error">{error}</Alert> : null}
      {loading && !loaded ? (
        <SkeletonCards />
      ) : loaded && eventos.length === 0 ? (
        <div className="empty ie-empty" data-testid="ie-empty">
          <BuildingIcon size={32} />
          <h3>No hay eventos internos</h3>
          <p className="muted">Comienza creando un nuevo evento interno.</p>
        </div>
      ) : (
        <div className={`ie-grid ${loading ? 'is-refreshing' : ''}`} data-testid="ie-grid">
          {eventos.map((e) => (
            <EventCard
              key={e.id}
              evento={e as InternalEventResponse}
              canEdit={canEdit}
              canDelete={canDelete}
              onEdit={() => form.openEdit(e)}
              onAssign={() => setAssigning(e.id)}
              onDelete={() => setDeleting(e.id)}
            />
          ))}
        </div>
      )}
      {form.creating ? <InternalEventFormModal onClose={form.close} /> : null}
      {form.editing ? <InternalEventFormModal key={form.editing.id} event={form.editing} onClose={form.close} /> : null}
      {assigning !== null ? <AssignPersonasModal eventId={assigning} onClose={() => setAssigning(null)} /> : null}
      {deletingEvent ? <DeleteModal evento={deletingEvent} onClose={() => setDeleting(null)} /> : null}
    </div>
  );
}

/** /eventos-internos (spec 2 §2): needs eventos_internos view (docs/decisions.md). */
export function InternalEventsPage() {
  useDocumentTitle('Eventos Internos');
  return <InternalEventsManager />;
}
