import { PROGRAMA_STATUS_LABELS, PROGRAMA_TIPO_LABELS, type ProgramaResponse } from '@shared/contracts/programs.contract';
import { DataTable, type RowEditing, EmptyMessage } from '../../../components/ui/data-table';
import { EditDeleteButtons, FeaturedToggle, PublicPageLink, RowButton } from '../../../components/ui/row-actions';

const STATUS_TONE: Record<ProgramaResponse['status'], string> = { draft: 'draft', published: 'published', closed: 'closed' };

/** The 'Programas Creados' table of spec 3 §2.6. */
export function ProgramsTable({
  programas,
  editing,
  onToggleFeatured,
  onOpenRegistrations,
}: {
  programas: readonly ProgramaResponse[];
  editing: RowEditing<ProgramaResponse>;
  onToggleFeatured: (p: ProgramaResponse) => void;
  onOpenRegistrations: (p: ProgramaResponse) => void;
}) {
  if (programas.length === 0) return <EmptyMessage testId="programs-empty">No hay programas creados aún</EmptyMessage>;
  return (
    <DataTable
      className="programs-table"
      testId="programs-table"
      columns={['Nombre', 'Tipo', 'Estado', 'Participantes', editing.can.edit && 'Destacado']}
    >
      {programas.map((p) => {
        const busy = editing.busyId === p.id;
        const participants = `${p.participantes_actuales}${p.max_participantes !== null ? ` / ${p.max_participantes}` : ''}`;
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
                // The name starts with the text shown ('3 / 50'), so a voice user saying what they see is understood (WCAG 2.5.3).
                aria-label={`${participants} participantes: ver los registros de ${p.nombre}`}
                data-testid="program-participants"
              >
                {participants}
              </button>
            </td>
            {editing.can.edit ? (
              <td data-label="Destacado">
                <FeaturedToggle
                  featured={p.es_destacado}
                  name={p.nombre}
                  featureTitle="Destacar programa"
                  disabled={busy}
                  onToggle={() => onToggleFeatured(p)}
                />
              </td>
            ) : null}
            <td data-label="Acciones" className="table__actions">
              <RowButton
                onClick={() => onOpenRegistrations(p)}
                aria-label={`Ver Registros de ${p.nombre}`}
                data-testid="view-registrations"
              >
                Ver Registros
              </RowButton>
              <EditDeleteButtons row={p} name={p.nombre} kind="program" editing={editing} deletable={p.status === 'draft'} />
              <PublicPageLink
                href={`/programas/${encodeURIComponent(p.slug)}`}
                label="Ver Público"
                ariaLabel={`Ver Público: ${p.nombre} (se abre en una pestaña nueva)`}
              />
            </td>
          </tr>
        );
      })}
    </DataTable>
  );
}
