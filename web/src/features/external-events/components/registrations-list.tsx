import type { ExternalRegistrationResponse } from '@shared/contracts/external-events.contract';
import { formatShortDate, formatTime } from '../../../lib/format';
import { useMediaQuery } from '../../../lib/use-media-query';
import { fullName } from '../event-labels';
import { AttendanceActions, DeleteRegistrationButton, type RegistrationHandlers } from './registration-actions';
import { RegistrationStatusBadge } from './registration-status-badge';
import { EmailText } from '../../../components/ui/email-text';

/** Below this width the board shows cards instead of the table (spec 1 §2.7). */
const MOBILE_QUERY = '(max-width: 760px)';

function RegistrationsTable({
  registrations,
  handlers,
}: {
  registrations: readonly ExternalRegistrationResponse[];
  handlers: RegistrationHandlers;
}) {
  return (
    <div className="table-wrap">
      <table className="table registrations-table" data-testid="registrations-table">
        <thead>
          <tr>
            <th scope="col">Nombre</th>
            <th scope="col">Contacto</th>
            <th scope="col">Participante</th>
            <th scope="col">Registro</th>
            <th scope="col">Estado</th>
            <th scope="col">Asistencia</th>
            {handlers.canDelete ? (
              <th scope="col" className="table__actions-head" data-testid="registrations-actions-head">
                Acciones
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {registrations.map((r) => (
            <tr key={r.id} data-testid="registration-row" data-registration-id={r.id} data-email={r.email}>
              <td>
                <span className="person-cell">
                  <span className="person-cell__name">{fullName(r)}</span>
                  {r.curp ? <span className="person-cell__sub">{r.curp}</span> : null}
                </span>
              </td>
              <td>
                <span className="person-cell">
                  <EmailText className="cell-email" email={r.email} />
                  <span className="person-cell__sub">{r.phone}</span>
                </span>
              </td>
              <td>
                <span className="person-cell">
                  <span>{r.tipo_participante}</span>
                  {r.empresa ? <span className="person-cell__sub">{r.empresa}</span> : null}
                </span>
              </td>
              <td>
                <span className="date-cell">
                  <span>{formatShortDate(r.created_at)}</span>
                  <span className="muted">{formatTime(r.created_at)}</span>
                  <span className="muted">
                    Código{' '}
                    <span className="registration-code" data-testid="registration-code">
                      {r.codigo}
                    </span>
                  </span>
                </span>
              </td>
              <td>
                <RegistrationStatusBadge status={r.status} />
              </td>
              <td>
                <AttendanceActions registration={r} handlers={handlers} />
              </td>
              {handlers.canDelete ? (
                <td className="table__actions">
                  <DeleteRegistrationButton registration={r} handlers={handlers} />
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function RegistrationCards({
  registrations,
  handlers,
}: {
  registrations: readonly ExternalRegistrationResponse[];
  handlers: RegistrationHandlers;
}) {
  return (
    <ul className="registration-cards" data-testid="registration-cards">
      {registrations.map((r) => (
        <li key={r.id} className="registration-card" data-testid="registration-row" data-registration-id={r.id} data-email={r.email}>
          <div className="registration-card__head">
            <span className="registration-card__name">{fullName(r)}</span>
            <RegistrationStatusBadge status={r.status} />
          </div>
          <p className="registration-card__line">
            <EmailText className="cell-email" email={r.email} />
          </p>
          <p className="registration-card__line">
            {r.phone} · {r.tipo_participante}
          </p>
          <p className="registration-card__line muted">
            Registrado el {formatShortDate(r.created_at)}, {formatTime(r.created_at)} · Código{' '}
            <span className="registration-code" data-testid="registration-code">
              {r.codigo}
            </span>
          </p>
          <div className="registration-card__actions">
            <AttendanceActions registration={r} handlers={handlers} />
            {handlers.canDelete ? <DeleteRegistrationButton registration={r} handlers={handlers} /> : null}
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Cards on phones, a table on desktop. */
export function RegistrationsList({
  registrations,
  handlers,
}: {
  registrations: readonly ExternalRegistrationResponse[];
  handlers: RegistrationHandlers;
}) {
  const mobile = useMediaQuery(MOBILE_QUERY);
  return mobile ? (
    <RegistrationCards registrations={registrations} handlers={handlers} />
  ) : (
    <RegistrationsTable registrations={registrations} handlers={handlers} />
  );
}
