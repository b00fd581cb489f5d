import { useSnapshot } from 'valtio';
import { formatDateTime } from '../../../lib/format';
import { auditActionLabel, auditResourceLabel } from '../audit-labels';
import { dashboardState } from '../stores/dashboard-store';
import { Card } from '../../../components/ui/card';

/** The last 5 audit entries, newest first (spec 1 §2.4 d); new ones arrive live. */
export function RecentActivity({ loading }: { loading: boolean }) {
  const { recent } = useSnapshot(dashboardState);
  return (
    <Card title="Actividad Reciente" testId="recent-activity">
      {recent.length === 0 ? (
        <p className="muted">{loading ? 'Cargando actividad…' : 'No hay actividad reciente.'}</p>
      ) : (
        <ol className="activity" aria-live="polite">
          {recent.map((entry) => (
            <li key={entry.id} className="activity__item" data-testid="activity-item" data-entry-id={entry.id}>
              <span className={`activity__dot activity__dot--${entry.action}`} aria-hidden="true" />
              <div className="activity__body">
                <p className="activity__action">
                  {auditActionLabel(entry.action)}
                  <span className="activity__resource"> · {auditResourceLabel(entry.resource_type)}</span>
                  {entry.api_token_id !== null && entry.api_token_id !== undefined ? (
                    <span className="activity__resource"> · con token de API</span>
                  ) : null}
                </p>
                <time className="activity__date" dateTime={entry.created_at}>
                  {formatDateTime(entry.created_at)}
                </time>
              </div>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
