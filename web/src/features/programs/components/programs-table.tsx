import { PROGRAMA_STATUS_LABELS, PROGRAMA_TIPO_LABELS, type ProgramaResponse } from '@shared/contracts/programs.contract';
import { ExternalLinkIcon, StarIcon } from '../../../components/ui/icons';

export interface ProgramRowPermissions {
  edit: boolean;
  delete: boolean;
}

const STATUS_TONE: Record<ProgramaResponse['status'], string> = { draft: 'draft', published: 'published', closed: 'closed' };

/** The 'Programas Creados' table of spec 3 §2.6. */
export function ProgramsTable({
  programas,
  can,
  busyId,
  onToggleFeatured,
  onOpenRegistrations,
  onEdit,
  onDelete,
}: {
  programas: readonly ProgramaResponse[];
  can: ProgramRowPermissions;
  busyId: number | null;
  onToggleFeatured: (p: ProgramaResponse) => void;
  onOpenRegistrations: (p: ProgramaResponse) => void;
  onEdit: (p: ProgramaResponse) => void;
  onDelete: (p: ProgramaResponse) => void;
}) {
  if (programas.length === 0) {
    return (
      <p className="empty" data-testid="programs-empty">
        No hay programas creados aún
      </p>
    );
  }
  return (
    <div className="table-wrap">
      <table className="table table--responsive programs-table" data-testid="programs-table">
        <thead>
          <tr>
            <th scope="col">Nombre</th>
            <th scope="col">Tipo</th>
            <th scope="col">Estado</th>
            <th scope="col">Participantes</th>
            {can.edit ? <th scope="col">Destacado</th> : null}
            <th scope="col" className="table__actions-head">
              Acciones
            </th>
          </tr>
        </thead>
        <tbody>
          {programas.map((p) => {
            const busy = busyId === p.id;
            return (
              <tr key={p.id} data-testid="program-row" data-program-id={p.id} data-slug={p.slug}>
                <td data-label="Nombre" className="programs-table__name">
                  {p.nombre}
                </td>
                <td data-label="Tipo">{PROGRAMA_TIPO_LABELS[p.tipo]}</td>
                <td data-label="Estado">
                  <span className={`badge badge--status-${STATUS_TONE[p.status]}`} data-testid="program-status">
                    {PROGRAMA_STATUS_LABELS[p.status]}
                  </span>
                </td>
                <td data-label="Participantes">
                  <button
                    type="button"
                    className="link-button num-cell"
                    onClick={() => onOpenRegistrations(p)}
                    aria-label={`Ver los registros de ${p.nombre}: ${p.participantes_actuales}${p.max_participantes !== null ? ` de ${p.max_participantes}` : ''}`}
                    data-testid="program-participants"
                  >
                    {p.participantes_actuales}
                    {p.max_participantes !== null ? ` / ${p.max_participantes}` : ''}
                  </button>
                </td>
                {can.edit ? (
                  <td data-label="Destacado">
                    <button
                      type="button"
                      className={`star-toggle ${p.es_destacado ? 'star-toggle--on' : ''}`}
                      onClick={() => onToggleFeatured(p)}
                      disabled={busy}
                      aria-pressed={p.es_destacado}
                      aria-label={p.es_destacado ? `Quitar destacado de ${p.nombre}` : `Destacar ${p.nombre}`}
                      title={p.es_destacado ? 'Quitar destacado' : 'Destacar programa'}
                      data-testid="toggle-featured"
                    >
                      <StarIcon size={18} filled={p.es_destacado} />
                    </button>
                  </td>
                ) : null}
                <td data-label="Acciones" className="table__actions">
                  <button
                    type="button"
                    className="btn btn--sm btn--secondary"
                    onClick={() => onOpenRegistrations(p)}
                    aria-label={`Ver Registros de ${p.nombre}`}
                    data-testid="view-registrations"
                  >
                    Ver Registros
                  </button>
                  {can.edit ? (
                    <button
                      type="button"
                      className="btn btn--sm btn--secondary"
                      onClick={() => onEdit(p)}
                      aria-label={`Editar ${p.nombre}`}
                      data-testid="edit-program"
                    >
                      Editar
                    </button>
                  ) : null}
                  {can.delete && p.status === 'draft' ? (
                    <button
                      type="button"
                      className="btn btn--sm btn--danger"
                      onClick={() => onDelete(p)}
                      disabled={busy}
                      aria-label={`Eliminar ${p.nombre}`}
                      data-testid="delete-program"
                    >
                      Eliminar
                    </button>
                  ) : null}
                  <a
                    className="icon-link"
                    href={`/programas/${encodeURIComponent(p.slug)}`}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`Ver Público: ${p.nombre} (se abre en una pestaña nueva)`}
                    data-testid="view-public"
                  >
                    <ExternalLinkIcon size={16} /> Ver Público
                  </a>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
