import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { UserResponse } from '@shared/contracts/users.contract';
import { ListCard } from '../../../components/ui/list-card';
import { LiveIndicator } from '../../../components/ui/live-indicator';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useSession } from '../../../lib/auth';
import { useDocumentTitle } from '../../../lib/config';
import { toast } from '../../../lib/toast';
import { deleteUser } from '../api/delete-user';
import { openQueueDashboard } from '../api/open-queue-dashboard';
import { UsersLiveEffect } from '../live/users-live-effect';
import { loadUsers, removeUser, usersState } from '../stores/users-store';
import { CreateUserForm } from './create-user-form';
import { EditUserModal } from './edit-user-modal';
import { UsersTable } from './users-table';
import '../users.css';
import { Button } from '../../../components/ui/button';

/** The screen of super admins; the server refuses everyone else with 403 anyway. */
function UsersManager({ currentUserId }: { currentUserId: number }) {
  const { users, loading, loaded, error } = useSnapshot(usersState);
  const [editingId, setEditingId] = useState<number | null>(null);
  const [deletingId, setDeletingId] = useState<number | null>(null);
  // Read from the live list, so a concurrent edit elsewhere shows; a user deleted elsewhere closes the modal.
  const editing = editingId === null ? null : ((users.find((u) => u.id === editingId) as UserResponse | undefined) ?? null);

  useEffect(() => {
    void loadUsers();
  }, []);

  const handleDelete = async (user: UserResponse) => {
    if (!window.confirm('¿Estás seguro de eliminar este usuario?')) return;
    setDeletingId(user.id);
    try {
      await deleteUser(user.id);
      removeUser(user.id);
      toast.success('Usuario eliminado exitosamente');
    } catch (err) {
      toast.error(errorMessage(err, 'Error al eliminar usuario'));
    } finally {
      setDeletingId(null);
    }
  };

  return (
    <div className="users-page">
      <UsersLiveEffect />
      <PageHeader
        title="Gestionar Usuarios"
        subtitle="Crea cuentas del personal y asigna sus permisos por área."
        actions={
          <>
            <Button
              variant="ghost"
              data-testid="open-queue-dashboard"
              title="Trabajos en segundo plano: fallidos, atorados, reintentos"
              onClick={() =>
                void openQueueDashboard().catch((err) => toast.error(errorMessage(err, 'No se pudo abrir el tablero de colas')))
              }
            >
              Tablero de colas
            </Button>
            <LiveIndicator room="users" />
          </>
        }
      />
      <CreateUserForm />
      <ListCard title="Usuarios Registrados" count={users.length} state={{ loading, loaded, error }} loadingLabel="Cargando usuarios…">
        <UsersTable
          users={users as UserResponse[]}
          currentUserId={currentUserId}
          deletingId={deletingId}
          onEdit={(user) => setEditingId(user.id)}
          onDelete={(user) => void handleDelete(user)}
        />
      </ListCard>
      {editing ? <EditUserModal key={editing.id} user={editing} onClose={() => setEditingId(null)} /> : null}
    </div>
  );
}

/** User management (spec 1 §2.5). */
export function UsersPage() {
  useDocumentTitle('Gestionar Usuarios');
  const { user } = useSession();

  // Super admins only, declared on the route (router.tsx), which also fetches fresh permissions (spec 1 §7).
  if (!user) return <Spinner label="Cargando…" />;
  return <UsersManager currentUserId={user.id} />;
}
