import type { UserResponse } from '@shared/contracts/users.contract';
import { ACTION_LABELS, AREA_LABELS, AREAS, type Action, type Area, type Permissions } from '../../../lib/permissions';
import { DataTable, EmptyMessage } from '../../../components/ui/data-table';
import { EmailText } from '../../../components/ui/email-text';
import { RowButton } from '../../../components/ui/row-actions';

const LISTED_FIRST: readonly Area[] = ['personas', 'programas_servicios', 'privacidad'];
const SPEC_COLUMNS: readonly Area[] = ['eventos_internos', 'eventos_externos'];
/** The areas beyond the two spec columns, in this order, then any newer area: a new area shows without listing it here. */
const OTHER_AREAS: readonly Area[] = [
  ...LISTED_FIRST,
  ...AREAS.filter((area) => !SPEC_COLUMNS.includes(area) && !LISTED_FIRST.includes(area)),
];

function PermissionCell({ actions }: { actions: readonly Action[] | undefined }) {
  if (!actions || actions.length === 0) return <span className="muted">Sin permisos</span>;
  return (
    <span className="badge-row">
      {actions.map((action) => (
        <span key={action} className={`badge badge--action badge--${action}`}>
          {ACTION_LABELS[action]}
        </span>
      ))}
    </span>
  );
}

function OtherAreasCell({ permissions }: { permissions: Permissions }) {
  const granted = OTHER_AREAS.filter((area) => (permissions[area]?.length ?? 0) > 0);
  if (granted.length === 0) return <span className="muted">Sin permisos</span>;
  return (
    <ul className="area-summary">
      {granted.map((area) => (
        <li key={area}>
          <span className="area-summary__area">{AREA_LABELS[area]}:</span>{' '}
          {(permissions[area] ?? []).map((action) => ACTION_LABELS[action]).join(', ')}
        </li>
      ))}
    </ul>
  );
}

/** The users table of spec 1 §2.5 (cards on small screens). */
export function UsersTable({
  users,
  currentUserId,
  deletingId,
  onEdit,
  onDelete,
}: {
  users: readonly UserResponse[];
  currentUserId: number | null;
  deletingId: number | null;
  onEdit: (user: UserResponse) => void;
  onDelete: (user: UserResponse) => void;
}) {
  if (users.length === 0) return <EmptyMessage testId="users-empty">No hay usuarios registrados</EmptyMessage>;
  return (
    <DataTable
      testId="users-table"
      columns={['Nombre', 'Correo electrónico', 'Eventos Internos', 'Eventos Externos', 'Otras áreas', 'Super Admin']}
    >
      {users.map((user) => {
        const isSelf = user.id === currentUserId;
        return (
          <tr key={user.id} data-testid="user-row" data-user-id={user.id} data-email={user.email}>
            <td data-label="Nombre">
              <span className="user-cell">
                <span className="user-cell__name">{user.name}</span>
                {isSelf ? (
                  <span className="tag tag--self" data-testid="self-tag">
                    Tú
                  </span>
                ) : null}
              </span>
            </td>
            <td data-label="Correo electrónico">
              <EmailText className="cell-email" email={user.email} />
            </td>
            <td data-label="Eventos Internos">
              <PermissionCell actions={user.permissions.eventos_internos} />
            </td>
            <td data-label="Eventos Externos">
              <PermissionCell actions={user.permissions.eventos_externos} />
            </td>
            <td data-label="Otras áreas" data-testid="other-areas">
              <OtherAreasCell permissions={user.permissions} />
            </td>
            <td data-label="Super Admin">
              <span className={`badge ${user.is_super_admin ? 'badge--primary' : 'badge--neutral'}`}>
                {user.is_super_admin ? 'Sí' : 'No'}
              </span>
            </td>
            <td data-label="Acciones" className="table__actions">
              <RowButton onClick={() => onEdit(user)} aria-label={`Editar a ${user.name}`} data-testid="edit-user">
                Editar
              </RowButton>
              {!isSelf ? (
                <RowButton
                  tone="danger"
                  onClick={() => onDelete(user)}
                  disabled={deletingId === user.id}
                  aria-label={`${deletingId === user.id ? 'Eliminando' : 'Eliminar'} a ${user.name}`}
                  data-testid="delete-user"
                >
                  {deletingId === user.id ? 'Eliminando…' : 'Eliminar'}
                </RowButton>
              ) : null}
            </td>
          </tr>
        );
      })}
    </DataTable>
  );
}
