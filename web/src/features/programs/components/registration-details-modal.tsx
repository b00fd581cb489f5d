import {
  GIRO_SECTOR_LABELS,
  PROGRAM_REGISTRATION_STATUS_LABELS,
  TIEMPO_OPERANDO_LABELS,
  type ProgramRegistrationResponse,
} from '@shared/contracts/programs.contract';
import { Modal } from '../../../components/ui/modal';
import { formatCalendarDate, formatDateTime } from '../../../lib/format';
import { DetailRow } from '../../../components/ui/details';
import { Button } from '../../../components/ui/button';

export const fullName = (r: Pick<ProgramRegistrationResponse, 'nombre' | 'apellido_paterno' | 'apellido_materno'>) =>
  [r.nombre, r.apellido_paterno, r.apellido_materno].filter(Boolean).join(' ');

/** 'Detalles del Registro' (spec 3 §2.6): personal data, address, the business if any, notes if any. */
export function RegistrationDetailsModal({ registration: r, onClose }: { registration: ProgramRegistrationResponse; onClose: () => void }) {
  const giro = r.giro_sector
    ? r.giro_sector === 'otro' && r.giro_sector_otro
      ? `Otro: ${r.giro_sector_otro}`
      : GIRO_SECTOR_LABELS[r.giro_sector]
    : '—';
  return (
    <Modal title="Detalles del Registro" onClose={onClose} testId="registration-details-modal">
      <div className="registration-details">
        <section aria-labelledby="det-personal">
          <h3 className="view-group__title" id="det-personal">
            Información Personal
          </h3>
          <dl className="details">
            <DetailRow label="Nombre completo">{fullName(r)}</DetailRow>
            <DetailRow label="Fecha de nacimiento">{formatCalendarDate(r.fecha_nacimiento)}</DetailRow>
            <DetailRow label="Correo electrónico">{r.correo_electronico}</DetailRow>
            <DetailRow label="Celular">{r.celular}</DetailRow>
            <DetailRow label="Estado">{PROGRAM_REGISTRATION_STATUS_LABELS[r.status]}</DetailRow>
            <DetailRow label="Fecha de registro">{formatDateTime(r.created_at)}</DetailRow>
          </dl>
        </section>
        <section aria-labelledby="det-address">
          <h3 className="view-group__title" id="det-address">
            Dirección
          </h3>
          <dl className="details">
            <DetailRow label="Calle y número">{`${r.calle} ${r.numero}`}</DetailRow>
            <DetailRow label="Colonia">{r.colonia}</DetailRow>
            <DetailRow label="Municipio">{r.municipio}</DetailRow>
          </dl>
        </section>
        {r.tiene_emprendimiento === 'si' ? (
          <section aria-labelledby="det-business" data-testid="details-business">
            <h3 className="view-group__title" id="det-business">
              Información del Emprendimiento
            </h3>
            <dl className="details">
              <DetailRow label="Nombre">{r.nombre_emprendimiento ?? '—'}</DetailRow>
              <DetailRow label="Giro o sector">{giro}</DetailRow>
              <DetailRow label="Tiempo operando">{r.tiempo_operando ? TIEMPO_OPERANDO_LABELS[r.tiempo_operando] : '—'}</DetailRow>
              <DetailRow label="Redes sociales">
                {r.tiene_redes_sociales === 'si' ? (
                  r.redes_sociales_enlace ? (
                    <>
                      Sí —{' '}
                      <a href={r.redes_sociales_enlace} target="_blank" rel="noopener noreferrer nofollow">
                        {r.redes_sociales_enlace}
                      </a>
                    </>
                  ) : (
                    'Sí'
                  )
                ) : (
                  'No'
                )}
              </DetailRow>
              <DetailRow label="Negocio formalizado">
                {r.negocio_formalizado === 'si' ? `Sí${r.rfc ? ` — RFC ${r.rfc}` : ''}` : 'No'}
              </DetailRow>
            </dl>
          </section>
        ) : null}
        {r.notas ? (
          <section aria-labelledby="det-notes">
            <h3 className="view-group__title" id="det-notes">
              Notas
            </h3>
            <p className="registration-details__notes">{r.notas}</p>
          </section>
        ) : null}
        <div className="form-actions">
          <Button onClick={onClose}>Cerrar</Button>
        </div>
      </div>
    </Modal>
  );
}
