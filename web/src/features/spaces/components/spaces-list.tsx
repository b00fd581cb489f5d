import type { EspacioResponse } from '@shared/contracts/spaces.contract';
import { spaceSummary } from '../spaces-labels';
import { Button } from '../../../components/ui/button';

export interface SpaceRowActions {
  canEdit: boolean;
  canDelete: boolean;
  busyId: number | null;
  onView: (e: EspacioResponse) => void;
  onEdit: (e: EspacioResponse) => void;
  onDeactivate: (e: EspacioResponse) => void;
  onActivate: (e: EspacioResponse) => void;
}

/** One row per space (spec 3 §2.8); inactive rows are dimmed and offer Activar instead of Desactivar. */
export function SpacesList({ espacios, actions }: { espacios: readonly EspacioResponse[]; actions: SpaceRowActions }) {
  return (
    <ul className="spaces-list" data-testid="spaces-list">
      {espacios.map((e) => (
        <li key={e.id} className={`space-row ${e.is_active ? '' : 'space-row--inactive'}`} data-testid="space-row" data-space-id={e.id}>
          <div className="space-row__main">
            <div className="space-row__title">
              <h3 className="space-row__name">{e.nombre}</h3>
              <span className={`badge ${e.is_active ? 'badge--space-active' : 'badge--neutral'}`}>
                {e.is_active ? 'Activo' : 'Inactivo'}
              </span>
            </div>
            <p className="space-row__summary">{spaceSummary(e.secciones_count, e.capacidad_total)}</p>
            {e.descripcion ? <p className="space-row__description">{e.descripcion}</p> : null}
          </div>
          <div className="space-row__actions">
            <Button variant="ghost" size="sm" onClick={() => actions.onView(e)} aria-label={`Ver ${e.nombre}`}>
              Ver
            </Button>
            {actions.canEdit ? (
              <Button variant="ghost" size="sm" onClick={() => actions.onEdit(e)} aria-label={`Editar ${e.nombre}`}>
                Editar
              </Button>
            ) : null}
            {e.is_active && actions.canDelete ? (
              <Button
                variant="ghost"
                size="sm"
                className="space-row__deactivate"
                onClick={() => actions.onDeactivate(e)}
                aria-label={`Desactivar ${e.nombre}`}
              >
                Desactivar
              </Button>
            ) : null}
            {!e.is_active && actions.canEdit ? (
              <Button
                variant="ghost"
                size="sm"
                className="space-row__activate"
                onClick={() => actions.onActivate(e)}
                disabled={actions.busyId === e.id}
                aria-label={`${actions.busyId === e.id ? 'Activando' : 'Activar'} ${e.nombre}`}
              >
                {actions.busyId === e.id ? 'Activando...' : 'Activar'}
              </Button>
            ) : null}
          </div>
        </li>
      ))}
    </ul>
  );
}
