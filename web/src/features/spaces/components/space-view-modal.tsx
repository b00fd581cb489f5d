import type { EspacioResponse } from '@shared/contracts/spaces.contract';
import { Modal } from '../../../components/ui/modal';
import { formatCount } from '../spaces-labels';
import { SpacePreview } from './space-preview';
import { Button } from '../../../components/ui/button';

/** View modal (spec 3 §2.8): name, description, capacity, section count, 'Creado por', the preview, Cerrar. */
export function SpaceViewModal({ espacio, onClose }: { espacio: EspacioResponse; onClose: () => void }) {
  return (
    <Modal title={espacio.nombre} onClose={onClose} size="lg" testId="space-view-modal">
      <div className="space-view">
        {espacio.descripcion ? <p className="space-view__description">{espacio.descripcion}</p> : null}
        <dl className="space-view__facts">
          <div>
            <dt>Capacidad Total</dt>
            <dd>{formatCount(espacio.capacidad_total)} asientos</dd>
          </div>
          <div>
            <dt>Secciones</dt>
            <dd>{espacio.secciones_count}</dd>
          </div>
          <div>
            <dt>Estado</dt>
            <dd>
              <span className={`badge ${espacio.is_active ? 'badge--space-active' : 'badge--neutral'}`}>
                {espacio.is_active ? 'Activo' : 'Inactivo'}
              </span>
            </dd>
          </div>
          {espacio.creator ? (
            <div>
              <dt>Creado por</dt>
              <dd>{espacio.creator.name}</dd>
            </div>
          ) : null}
        </dl>
        <SpacePreview sections={espacio.secciones} layoutConfig={espacio.layout_config} maxHeight={440} />
        <footer className="modal__footer">
          <Button onClick={onClose}>Cerrar</Button>
        </footer>
      </div>
    </Modal>
  );
}
