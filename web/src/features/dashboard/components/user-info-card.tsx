import type { SessionUser } from '../../../lib/auth';
import { formatDate } from '../../../lib/format';
import { EmailText } from '../../../components/ui/email-text';

export function UserInfoCard({ user }: { user: SessionUser }) {
  return (
    <section className="card" aria-labelledby="user-info-title" data-testid="user-info-card">
      <h2 className="card__title" id="user-info-title">
        Información del Usuario
      </h2>
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
    </section>
  );
}
