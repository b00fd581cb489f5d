import type { SessionUser } from '../../../lib/auth';
import { ACTION_LABELS, AREA_LABELS, AREAS, areaActions } from '../../../lib/permissions';
import { Card } from '../../../components/ui/card';

/** Access permissions as badges per area (spec 1 §2.4 b). */
export function PermissionsCard({ user }: { user: SessionUser }) {
  const areas = AREAS.filter((area) => areaActions(user, area).length > 0);
  return (
    <Card title="Permisos de Acceso" testId="permissions-card">
      {user.is_super_admin ? (
        <p className="perm-super">
          <span className="badge badge--primary">Super Administrador</span>
          <span className="muted">Acceso total a todas las áreas.</span>
        </p>
      ) : null}
      {areas.length === 0 && !user.is_super_admin ? (
        <p className="muted" data-testid="no-permissions">
          No se han asignado permisos aún.
        </p>
      ) : (
        <ul className="perm-list">
          {areas.map((area) => (
            <li key={area} className="perm-list__item" data-testid={`perm-${area}`}>
              <span className="perm-list__area">{AREA_LABELS[area]}</span>
              <span className="perm-list__badges">
                {areaActions(user, area).map((action) => (
                  <span key={action} className={`badge badge--action badge--${action}`}>
                    {ACTION_LABELS[action]}
                  </span>
                ))}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
