import type { SessionUser } from '../../../lib/auth';
import { formatDate } from '../../../lib/format';
import { EmailText } from '../../../components/ui/email-text';
import { Card } from '../../../components/ui/card';

export function UserInfoCard({ user }: { user: SessionUser }) {
  return (
    <Card title="Información del Usuario" testId="user-info-card">
      <dl className="details">
        <div className="details__row">
          <dt>Nombre</dt>
          <dd>{user.name}</dd>
        </div>
        <div className="details__row">
          <dt>Correo electrónico</dt>
          <dd>
            <EmailText email={user.email} />
          </dd>
        </div>
        <div className="details__row">
          <dt>ID de usuario</dt>
          <dd>{user.id}</dd>
        </div>
        <div className="details__row">
          <dt>Miembro desde</dt>
          <dd>{formatDate(user.created_at)}</dd>
        </div>
      </dl>
    </Card>
  );
}
