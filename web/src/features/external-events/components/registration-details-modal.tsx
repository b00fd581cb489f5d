import type { ReactNode } from 'react';
import type { ExternalRegistrationResponse } from '@shared/contracts/external-events.contract';
import { EmailText } from '../../../components/ui/email-text';
import { Modal } from '../../../components/ui/modal';
import { formatCalendarDate, formatDateTime } from '../../../lib/format';
import { fullName } from '../event-labels';
import { RegistrationStatusBadge } from './registration-status-badge';
import { DetailsList } from '../../../components/ui/details';
import { Button } from '../../../components/ui/button';

/** Every field of one registration (spec 1 §3). */
export function RegistrationDetailsModal({ registration, onClose }: { registration: ExternalRegistrationResponse; onClose: () => void }) {
  const rows: Array<[string, ReactNode]> = [
    ['Nombre completo', fullName(registration)],
    ['Fecha de nacimiento', formatCalendarDate(registration.fecha_nacimiento)],
    ['Teléfono', registration.phone],
    ['Correo electrónico', <EmailText key="email" email={registration.email} />],
    ['CURP', registration.curp || '—'],
    ['Empresa', registration.empresa || '—'],
    ['Tipo de participante', registration.tipo_participante],
    ['Estado', <RegistrationStatusBadge key="status" status={registration.status} />],
    ['Código de acceso', registration.codigo],
    ['Fecha de registro', formatDateTime(registration.created_at)],
    ['Última actualización', formatDateTime(registration.updated_at)],
  ];
  return (
    <Modal title="Detalles del Registro" onClose={onClose} testId="registration-details-modal">
      <DetailsList rows={rows} />
      <div className="form-actions modal__footer">
        <Button variant="primary" onClick={onClose}>
          Cerrar
        </Button>
      </div>
    </Modal>
  );
}
