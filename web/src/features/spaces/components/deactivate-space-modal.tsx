import type { EspacioResponse } from '@shared/contracts/spaces.contract';
import { Alert } from '../../../components/ui/alert';
import { deactivateEspacio } from '../api/deactivate-espacio';
import { upsertEspacio } from '../stores/spaces-store';
import { ConfirmModal } from '../../../components/ui/confirm-modal';

/** 'Desactivar Espacio' (spec 3 §2.8): warns when events use the space; both buttons wait while it runs. */
export function DeactivateSpaceModal({ espacio, onClose }: { espacio: EspacioResponse; onClose: () => void }) {
  return (
    <ConfirmModal
      title="Desactivar Espacio"
      confirmLabel="Desactivar"
      busyLabel="Desactivando..."
      errorFallback="Error al desactivar el espacio"
      action={async () => {
        const response = await deactivateEspacio(espacio.id);
        upsertEspacio(response.espacio);
        return response.message;
      }}
      onClose={onClose}
      testId="deactivate-space-modal"
      confirmTestId="confirm-deactivate"
    >
      <p>
        ¿Deseas desactivar el espacio <strong>{espacio.nombre}</strong>? No estará disponible para nuevos eventos, pero se conservarán todos
        sus datos.
      </p>
      {espacio.eventos_internos_count > 0 ? (
        <Alert kind="warning">Este espacio está siendo usado por {espacio.eventos_internos_count} evento(s)</Alert>
      ) : null}
    </ConfirmModal>
  );
}
