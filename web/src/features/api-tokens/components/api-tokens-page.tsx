import { useState } from 'react';
import type { ApiTokenResponse, CreatedApiTokenResponse } from '@shared/contracts/api-tokens.contract';
import { Alert } from '../../../components/ui/alert';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { useReloadable } from '../../../lib/use-reloadable';
import { useSession } from '../../../lib/auth';
import { useDocumentTitle } from '../../../lib/config';
import { formatDateTime } from '../../../lib/format';
import { ACTION_LABELS, ACTIONS, AREA_LABELS, AREAS } from '../../../lib/permissions';
import { revokeApiToken, getApiTokens } from '../api/api-tokens-api';
import { CreateTokenForm } from './create-token-form';
import { NewTokenPanel } from './new-token-panel';
import '../api-tokens.css';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';

/**
 * Tokens de API (issue 33 §2): a person's bearer tokens for other systems. Created with a subset of their own
 * permissions, the token is shown once (with a copy button); the list shows each token's scopes, expiry and last use,
 * and revokes. A super admin sees everyone's.
 */
export function ApiTokensPage() {
  useDocumentTitle('Tokens de API');
  const { user } = useSession();
  const { data, error, reload: load } = useReloadable(getApiTokens, 'No se pudieron cargar los tokens');
  const tokens = data?.tokens ?? null;
  const [created, setCreated] = useState<CreatedApiTokenResponse | null>(null);
  const [revoking, setRevoking] = useState<ApiTokenResponse | null>(null);

  return (
    <div className="api-tokens-page">
      <PageHeader
        title="Tokens de API"
        subtitle="Para que otro sistema (un portal, un tablero, una hoja de cálculo) consulte Aforo en tu nombre, solo con los permisos que elijas."
      />
      {created ? <NewTokenPanel created={created} onDone={() => setCreated(null)} /> : null}
      {user ? (
        <CreateTokenForm
          user={user}
          onCreated={(answer) => {
            setCreated(answer);
            load();
          }}
        />
      ) : null}
      {error ? <Alert kind="error">{error}</Alert> : null}
      <Card title={user?.is_super_admin ? 'Tokens de todas las cuentas' : 'Tus tokens'}>
        {!tokens ? (
          error ? null : (
            <Spinner label="Cargando tokens…" />
          )
        ) : tokens.length === 0 ? (
          <p className="api-tokens__empty">Aún no hay tokens.</p>
        ) : (
          <ul className="api-tokens__list" data-testid="api-tokens-list">
            {tokens.map((t) => (
              <li key={t.id} className="api-tokens__item" data-testid="api-token">
                <div className="api-tokens__head">
                  <h3 className="api-tokens__name">{t.name}</h3>
                  <span className={`badge ${t.active ? 'badge--reg-registered' : 'badge--neutral'}`}>
                    {t.revoked_at ? 'Revocado' : t.active ? 'Vigente' : 'Vencido'}
                  </span>
                </div>
                <dl className="api-tokens__facts">
                  <div>
                    <dt>Token</dt>
                    <dd>
                      <code>{t.prefix}…</code>
                    </dd>
                  </div>
                  {user?.is_super_admin ? (
                    <div>
                      <dt>Cuenta</dt>
                      <dd>{t.owner.name}</dd>
                    </div>
                  ) : null}
                  <div>
                    <dt>Permisos</dt>
                    <dd>
                      {AREAS.filter((area) => t.permissions[area]?.length)
                        .map(
                          (area) =>
                            `${AREA_LABELS[area]}: ${ACTIONS.filter((a) => t.permissions[area]?.includes(a))
                              .map((a) => ACTION_LABELS[a].toLowerCase())
                              .join(', ')}`,
                        )
                        .join(' · ')}
                    </dd>
                  </div>
                  <div>
                    <dt>{t.revoked_at ? 'Revocado' : 'Vence'}</dt>
                    <dd>{formatDateTime(t.revoked_at ?? t.expires_at)}</dd>
                  </div>
                  <div>
                    <dt>Último uso</dt>
                    <dd>{t.last_used_at ? formatDateTime(t.last_used_at) : 'Nunca'}</dd>
                  </div>
                </dl>
                {t.revoked_at ? null : (
                  <Button
                    variant="danger"
                    size="sm"
                    onClick={() => setRevoking(t)}
                    aria-label={`Revocar el token ${t.name}`}
                    data-testid="api-token-revoke"
                  >
                    Revocar
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </Card>
      {revoking ? (
        <ConfirmModal
          title="Revocar token"
          confirmLabel="Revocar"
          busyLabel="Revocando…"
          errorFallback="No se pudo revocar el token"
          testId="api-token-revoke-modal"
          confirmTestId="api-token-revoke-confirm"
          onClose={() => setRevoking(null)}
          action={async () => {
            const { message } = await revokeApiToken(revoking.id);
            load();
            return message;
          }}
        >
          <p>
            El token <strong>{revoking.name}</strong> dejará de funcionar de inmediato. Los sistemas que lo usen recibirán un error 401.
          </p>
        </ConfirmModal>
      ) : null}
    </div>
  );
}
