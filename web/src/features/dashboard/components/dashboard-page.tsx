import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { clearSession, fetchMe, useSession } from '../../../lib/auth';
import { useDocumentTitle } from '../../../lib/config';
import { DashboardLiveEffect } from '../live/dashboard-live-effect';
import { loadFeaturedEvent, setRecentActivity } from '../stores/dashboard-store';
import { AccessSummary } from './access-summary';
import { FeaturedBanner } from './featured-banner';
import { PermissionsCard } from './permissions-card';
import { RecentActivity } from './recent-activity';
import { UserInfoCard } from './user-info-card';
import '../dashboard.css';
import { Button } from '../../../components/ui/button';

/** Dashboard (spec 1 §2.4). */
export function DashboardPage() {
  useDocumentTitle('Panel Principal');
  const navigate = useNavigate();
  const { user } = useSession();
  const [loadingMe, setLoadingMe] = useState(true);
  const [offline, setOffline] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    void loadFeaturedEvent();
    fetchMe()
      .then((me) => {
        if (cancelled) return;
        setRecentActivity(me?.audit_logs);
        setLoadingMe(false);
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        // No answer at all (offline, an aborted request while the page unloads, a cut-off body):
        // keep the session and offer a retry. Only a server's answer of failure signs out.
        if (!(error instanceof ApiError) || error.status === 0) {
          setLoadingMe(false);
          setOffline(true);
          return;
        }
        // Spec 1 §2.4: if loading the current user fails, go to /login (signed out, or /login bounces back).
        clearSession();
        navigate('/login', { replace: true });
      });
    return () => {
      cancelled = true;
    };
  }, [navigate, attempt]);

  return (
    <div className="dashboard" data-testid="dashboard">
      <DashboardLiveEffect />
      <FeaturedBanner userName={user?.name ?? null} />
      {offline ? (
        <Alert kind="error">
          No se pudo cargar tu información. Revisa tu conexión.{' '}
          <Button
            size="sm"
            onClick={() => {
              setOffline(false);
              setLoadingMe(true);
              setAttempt((n) => n + 1);
            }}
          >
            Reintentar
          </Button>
        </Alert>
      ) : null}
      {!user ? (
        offline ? null : (
          <Spinner label="Cargando tu información…" />
        )
      ) : (
        <>
          <AccessSummary user={user} />
          <div className="dashboard__grid">
            <div className="dashboard__col">
              <UserInfoCard user={user} />
              <PermissionsCard user={user} />
            </div>
            <div className="dashboard__col">
              <RecentActivity loading={loadingMe} />
            </div>
          </div>
        </>
      )}
    </div>
  );
}
