import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import {
  PROGRAM_REGISTRATION_STATUS_LABELS,
  PROGRAM_REGISTRATION_STATUSES,
  type ProgramaResponse,
  type ProgramRegistrationResponse,
  type ProgramRegistrationStatus,
} from '@shared/contracts/programs.contract';
import { Alert } from '../../../components/ui/alert';
import { CorreosLink } from '../../../components/ui/correos-link';
import { DataTable, EmptyMessage } from '../../../components/ui/data-table';
import { Options } from '../../../components/ui/field';
import { ExportButtons } from '../../../components/ui/export-buttons';
import { Modal } from '../../../components/ui/modal';
import { RowButton } from '../../../components/ui/row-actions';
import { Spinner } from '../../../components/ui/spinner';
import { WaitlistPanel } from '../../../components/ui/waitlist-panel';
import { errorMessage } from '../../../lib/api-client';
import { todayInputValue } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { exportProgramRegistrations } from '../api/export-program-registrations';
import { getProgramRegistrations } from '../api/get-program-registrations';
import { updateRegistrationStatus } from '../api/update-registration-status';
import { loadRegistrations, registrationsState, resetRegistrations, upsertRegistration } from '../stores/registrations-store';
import { loadProgramWaitlist, programWaitlist, programWaitlistState, resetProgramWaitlist } from '../stores/waitlist-store';
import { fullName, RegistrationDetailsModal } from './registration-details-modal';

/**
 * 'Registros - {nombre}' (spec 3 §2.6): the status select saves at once; below, a program with a limit shows its
 * waitlist. Live through room program:{id}.
 */
export function RegistrationsModal({
  programa,
  canEdit,
  canDelete,
  onClose,
}: {
  programa: ProgramaResponse;
  canEdit: boolean;
  canDelete: boolean;
  onClose: () => void;
}) {
  const { registrations, loading, loaded, error } = useSnapshot(registrationsState);
  const waitlist = useSnapshot(programWaitlistState);
  const [details, setDetails] = useState<number | null>(null);
  const [savingId, setSavingId] = useState<number | null>(null);
  const shown =
    details === null ? null : ((registrations.find((r) => r.id === details) as ProgramRegistrationResponse | undefined) ?? null);

  useEffect(() => {
    resetRegistrations(programa.id);
    loadRegistrations(programa.id, getProgramRegistrations).catch(() => toast.error('No se pudieron cargar los registros'));
    resetProgramWaitlist(programa.id);
    loadProgramWaitlist(programa.id).catch(() => toast.error('No se pudo cargar la lista de espera'));
    return () => {
      resetRegistrations(null);
      resetProgramWaitlist(null);
    };
  }, [programa.id]);

  const handleStatus = async (r: ProgramRegistrationResponse, status: ProgramRegistrationStatus) => {
    setSavingId(r.id);
    try {
      const response = await updateRegistrationStatus(programa.id, r.id, status);
      upsertRegistration(programa.id, response.registration);
      toast.success(`Estado actualizado: El registro ha sido marcado como ${response.registration.status}`);
    } catch (err) {
      toast.error(errorMessage(err, 'No se pudo actualizar el estado del registro'));
    } finally {
      setSavingId(null);
    }
  };

  return (
    <Modal title={`Registros - ${programa.nombre}`} onClose={onClose} testId="registrations-modal" size="lg">
      <div className="program-registrations">
        <div className="program-registrations__bar">
          <p className="muted" data-testid="registrations-count">
            {programa.participantes_actuales}
            {programa.max_participantes !== null ? ` / ${programa.max_participantes}` : ''} lugares ocupados
            {programa.held_places > 0 ? ` · ${programa.held_places} ${programa.held_places === 1 ? 'apartado' : 'apartados'}` : ''} ·{' '}
            {registrations.length} {registrations.length === 1 ? 'registro' : 'registros'}
          </p>
          <CorreosLink
            className="btn btn--ghost btn--sm program-registrations__correos"
            refType="programa"
            refId={programa.id}
            label="Correos del programa"
          />
          <ExportButtons
            download={(format) => exportProgramRegistrations(programa.id, format)}
            fallbackName={`registros_${programa.slug}_${todayInputValue()}`}
            onError={() => toast.error('Error al exportar los registros')}
            disabled={registrations.length === 0}
            small
            testIds={{ csv: 'export-csv', xlsx: 'export-xlsx' }}
          />
        </div>
        {error ? <Alert kind="error">{error}</Alert> : null}
        {loading && !loaded ? (
          <Spinner label="Cargando registros…" />
        ) : loaded && registrations.length === 0 ? (
          <EmptyMessage testId="registrations-empty">No hay registros aún</EmptyMessage>
        ) : loaded ? (
          <DataTable
            className="program-registrations__table"
            testId="registrations-table"
            columns={['Nombre', 'Correo', 'Celular', 'Emprendimiento', 'Estado']}
          >
            {registrations.map((r) => (
              <tr key={r.id} data-testid="registration-row" data-registration-id={r.id}>
                <td data-label="Nombre">{fullName(r)}</td>
                <td data-label="Correo" className="program-registrations__email">
                  {r.correo_electronico}
                </td>
                <td data-label="Celular">{r.celular}</td>
                <td data-label="Emprendimiento">{r.nombre_emprendimiento ?? <span className="muted">No tiene</span>}</td>
                <td data-label="Estado">
                  <select
                    className={`input select program-status-select program-status-select--${r.status}`}
                    value={r.status}
                    disabled={!canEdit || savingId === r.id}
                    aria-label={`Estado del registro de ${fullName(r)}`}
                    onChange={(e) => void handleStatus(r as ProgramRegistrationResponse, e.target.value as ProgramRegistrationStatus)}
                    data-testid="registration-status"
                  >
                    <Options values={PROGRAM_REGISTRATION_STATUSES} labels={PROGRAM_REGISTRATION_STATUS_LABELS} />
                  </select>
                </td>
                <td data-label="Acciones" className="table__actions">
                  <RowButton
                    onClick={() => setDetails(r.id)}
                    aria-label={`Ver Detalles de ${fullName(r)}`}
                    data-testid="registration-details"
                  >
                    Ver Detalles
                  </RowButton>
                </td>
              </tr>
            ))}
          </DataTable>
        ) : null}
        {programa.max_participantes !== null || waitlist.entries.length > 0 ? (
          <WaitlistPanel
            store={programWaitlist}
            ownerId={programa.id}
            canDelete={canDelete}
            contact={(e) => ({ name: fullName(e), email: e.correo_electronico, phone: e.celular })}
          />
        ) : null}
      </div>
      {shown ? <RegistrationDetailsModal registration={shown} onClose={() => setDetails(null)} /> : null}
    </Modal>
  );
}
