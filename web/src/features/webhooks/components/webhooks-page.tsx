import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { WEBHOOK_EVENTS, type WebhookEndpointResponse, type WebhookStatus } from '@shared/contracts/webhooks.contract';
import { ROOMS } from '@shared/events/socket-events';
import { Alert } from '../../../components/ui/alert';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { DataTable, EmptyMessage } from '../../../components/ui/data-table';
import { ListCard } from '../../../components/ui/list-card';
import { Modal } from '../../../components/ui/modal';
import { PageHeader } from '../../../components/ui/page-header';
import { RowButton } from '../../../components/ui/row-actions';
import { errorMessage } from '../../../lib/api-client';
import { useAreaRights } from '../../../lib/use-area-rights';
import { useDocumentTitle } from '../../../lib/config';
import { toast } from '../../../lib/toast';
import { deleteWebhook, pingWebhook } from '../api/webhooks-api';
import { WebhooksLiveEffect } from '../live/webhooks-live-effect';
import { loadLog, loadWebhooks, logState, openLog, webhooksState } from '../stores/webhooks-store';
import { WebhookFormModal } from './webhook-form-modal';
import { WebhookLog } from './webhook-log';
import '../webhooks.css';
import { Button } from '../../../components/ui/button';

const STATUS_LABELS: Record<WebhookStatus, string> = { activo: 'Activo', pausado: 'Pausado', deshabilitado: 'Deshabilitado' };

/** The secret, once: to copy now (it is never shown again). */
function SecretModal({ secreto, rotated, onClose }: { secreto: string; rotated: boolean; onClose: () => void }) {
  return (
    <Modal title={rotated ? 'Secreto nuevo' : 'Webhook registrado'} onClose={onClose} testId="webhook-secret">
      <div className="webhook-secret-body">
        <Alert kind="warning">
          Copia este secreto ahora: no se vuelve a mostrar.{rotated ? ' El anterior sigue firmando durante 24 horas.' : ''}
        </Alert>
        <p>
          Con él, el receptor verifica la cabecera <code>Aforo-Signature</code> (<code>t=…,v1=…</code>: HMAC-SHA256 de «t.cuerpo»).
        </p>
        <label className="field__label" htmlFor="webhook-secret-value">
          Secreto
        </label>
        <input
          id="webhook-secret-value"
          className="input webhook-secret"
          readOnly
          value={secreto}
          onFocus={(e) => e.target.select()}
          data-testid="webhook-secret-value"
        />
      </div>
      <div className="modal__footer webhook-secret-actions">
        <Button
          onClick={() =>
            void navigator.clipboard.writeText(secreto).then(
              () => toast.success('Secreto copiado'),
              () => toast.error('No se pudo copiar: selecciónalo y cópialo a mano'),
            )
          }
        >
          Copiar
        </Button>
        <Button variant="primary" onClick={onClose} data-testid="webhook-secret-done">
          Listo, lo guardé
        </Button>
      </div>
    </Modal>
  );
}

/** 'Webhooks': the endpoints other systems registered, their state, 'probar', and the delivery log of the one opened. */
export function WebhooksPage() {
  useDocumentTitle('Webhooks');
  const { webhooks, loading, loaded, error } = useSnapshot(webhooksState);
  const { webhookId } = useSnapshot(logState);
  const [editing, setEditing] = useState<WebhookEndpointResponse | 'new' | null>(null);
  const [secret, setSecret] = useState<{ secreto: string; rotated: boolean } | null>(null);
  const [removing, setRemoving] = useState<WebhookEndpointResponse | null>(null);
  const { create: canCreate, edit: canEdit, delete: canDelete } = useAreaRights('integraciones');

  useEffect(() => {
    void loadWebhooks();
    return () => openLog(null);
  }, []);

  const ping = async (w: WebhookEndpointResponse) => {
    try {
      const answer = await pingWebhook(w.id);
      (answer.entrega.estado === 'entregada' ? toast.success : toast.error)(answer.message);
    } catch (err) {
      toast.error(errorMessage(err, 'No se pudo probar el webhook'));
    }
    if (logState.webhookId === w.id) void loadLog();
  };

  const opened = webhooks.find((w) => w.id === webhookId) as WebhookEndpointResponse | undefined;

  return (
    <div className="webhooks-page">
      <WebhooksLiveEffect />
      <PageHeader
        title="Webhooks"
        subtitle="Avisos firmados a otros sistemas del municipio cuando algo pasa en Aforo: en orden, con reintentos durante tres días."
        room={ROOMS.webhooks}
        create={canCreate && { label: 'Registrar webhook', onClick: () => setEditing('new'), testId: 'webhook-create' }}
      />
      <ListCard title="Receptores" count={webhooks.length} state={{ loading, loaded, error }} loadingLabel="Cargando webhooks…">
        {webhooks.length === 0 ? (
          <EmptyMessage testId="webhooks-empty">Todavía no hay webhooks registrados</EmptyMessage>
        ) : (
          <DataTable className="webhooks-table" testId="webhooks-table" columns={['URL', 'Eventos', 'Estado', 'En fila']}>
            {(webhooks as WebhookEndpointResponse[]).map((w) => (
              <tr key={w.id} data-testid="webhook-row" data-webhook-id={w.id} data-estado={w.estado}>
                <td data-label="URL">
                  <span className="webhooks-table__url">{w.url}</span>
                  {w.descripcion ? <div className="muted">{w.descripcion}</div> : null}
                </td>
                <td data-label="Eventos">
                  <ul className="webhooks-table__events">
                    {w.eventos.map((e) => (
                      <li key={e} title={e}>
                        {WEBHOOK_EVENTS[e]}
                      </li>
                    ))}
                  </ul>
                </td>
                <td data-label="Estado">
                  <span className={`badge webhook-badge--${w.estado}`} data-testid="webhook-estado">
                    {STATUS_LABELS[w.estado]}
                  </span>
                  {w.motivo ? <div className="webhook-log__error">{w.motivo}</div> : null}
                  {w.fallos_seguidos > 0 && w.estado === 'activo' ? <div className="muted">{w.fallos_seguidos} fallos seguidos</div> : null}
                </td>
                <td data-label="En fila">{w.pendientes}</td>
                <td data-label="Acciones" className="table__actions">
                  <div className="webhooks-table__actions">
                    <RowButton
                      onClick={() => openLog(webhookId === w.id ? null : w.id)}
                      aria-expanded={webhookId === w.id}
                      aria-controls="webhook-log-panel"
                      aria-label={`Entregas de ${w.url}`}
                      data-testid="webhook-open-log"
                    >
                      Entregas
                    </RowButton>
                    {canEdit ? (
                      <>
                        <RowButton onClick={() => void ping(w)} aria-label={`Probar ${w.url}`} data-testid="webhook-ping">
                          Probar
                        </RowButton>
                        <RowButton onClick={() => setEditing(w)} aria-label={`Editar ${w.url}`} data-testid="webhook-edit">
                          Editar
                        </RowButton>
                      </>
                    ) : null}
                    {canDelete ? (
                      <RowButton tone="danger" onClick={() => setRemoving(w)} aria-label={`Eliminar ${w.url}`} data-testid="webhook-delete">
                        Eliminar
                      </RowButton>
                    ) : null}
                  </div>
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </ListCard>
      <div id="webhook-log-panel">{opened ? <WebhookLog webhook={opened} canEdit={canEdit} /> : null}</div>
      {editing !== null ? (
        <WebhookFormModal
          webhook={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSecret={(secreto, rotated) => {
            setEditing(null);
            setSecret({ secreto, rotated });
          }}
        />
      ) : null}
      {secret ? <SecretModal {...secret} onClose={() => setSecret(null)} /> : null}
      {removing ? (
        <ConfirmModal
          title="Eliminar webhook"
          confirmLabel="Eliminar"
          busyLabel="Eliminando…"
          errorFallback="No se pudo eliminar el webhook"
          testId="webhook-delete-modal"
          confirmTestId="webhook-delete-confirm"
          onClose={() => setRemoving(null)}
          action={async () => {
            const { message } = await deleteWebhook(removing.id);
            if (logState.webhookId === removing.id) openLog(null);
            void loadWebhooks({ silent: true });
            return message;
          }}
        >
          <p>
            ¿Eliminar el webhook a <strong>{removing.url}</strong>? Deja de recibir avisos y se borra su registro de entregas.
          </p>
        </ConfirmModal>
      ) : null}
    </div>
  );
}
