import { useSnapshot } from 'valtio';
import {
  DELIVERIES_PAGE_SIZE,
  DELIVERY_STATUSES,
  type DeliveryStatus,
  type WebhookDeliveryResponse,
  type WebhookEndpointResponse,
} from '@shared/contracts/webhooks.contract';
import { ROOMS } from '@shared/events/socket-events';
import { Alert } from '../../../components/ui/alert';
import { LiveIndicator } from '../../../components/ui/live-indicator';
import { DataTable, EmptyMessage } from '../../../components/ui/data-table';
import { Options, Select } from '../../../components/ui/field';
import { Pagination } from '../../../components/ui/pagination';
import { ResendButton } from '../../../components/ui/row-actions';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { resendDelivery } from '../api/webhooks-api';
import { loadLog, logState } from '../stores/webhooks-store';
import { Card } from '../../../components/ui/card';

export const DELIVERY_LABELS: Record<DeliveryStatus, string> = { pendiente: 'Pendiente', entregada: 'Entregada', fallida: 'Fallida' };

/**
 * The delivery log of one endpoint: newest first, its status, attempts, answer; 'Reenviar' for a finished one. Live:
 * deliveries appear and change as the workers make and attempt them (WebhooksLiveEffect), no 'Actualizar'.
 */
export function WebhookLog({ webhook, canEdit }: { webhook: WebhookEndpointResponse; canEdit: boolean }) {
  const { estado, page, entregas, total, loading, error } = useSnapshot(logState);
  const lastPage = Math.max(1, Math.ceil(total / DELIVERIES_PAGE_SIZE));

  const resend = async (d: WebhookDeliveryResponse) => {
    try {
      const answer = await resendDelivery(webhook.id, d.id);
      (answer.entrega.estado === 'entregada' ? toast.success : toast.error)(answer.message);
    } catch (err) {
      toast.error(errorMessage(err, 'No se pudo reenviar'));
    }
    void loadLog();
  };

  return (
    <Card
      title={`Entregas a ${webhook.url}`}
      className="webhook-log"
      testId="webhook-log"
      aside={
        <span className="webhook-log__aside">
          <LiveIndicator room={ROOMS.webhook(webhook.id)} />
          <span className="counter">{total}</span>
        </span>
      }
    >
      <div className="webhook-log__tools" role="group" aria-label="Filtros de entregas">
        <label className="webhook-log__field">
          <span>Estado</span>
          <Select
            value={estado}
            onValueChange={(v) => {
              logState.estado = v as DeliveryStatus | '';
              logState.page = 1;
              void loadLog();
            }}
            data-testid="webhook-log-filter"
          >
            <Options values={DELIVERY_STATUSES} labels={DELIVERY_LABELS} placeholder="Todas" />
          </Select>
        </label>
      </div>
      {error ? <Alert kind="error">{error}</Alert> : null}
      {loading && entregas.length === 0 ? <Spinner label="Cargando entregas…" /> : null}
      {!loading && entregas.length === 0 ? (
        <EmptyMessage testId="webhook-log-empty">Todavía no hay entregas</EmptyMessage>
      ) : entregas.length > 0 ? (
        <DataTable
          className="webhook-log__table"
          testId="webhook-log-table"
          columns={['Evento', 'Estado', 'Intentos', 'Respuesta', 'Ocurrió']}
        >
          {(entregas as WebhookDeliveryResponse[]).map((d) => (
            <tr key={d.id} data-testid="webhook-delivery" data-estado={d.estado}>
              <td data-label="Evento">
                <code>{d.evento}</code>
                <div className="muted webhook-log__id" title="Aforo-Delivery">
                  {d.id}
                </div>
              </td>
              <td data-label="Estado">
                <span className={`badge webhook-badge--${d.estado}`}>{DELIVERY_LABELS[d.estado]}</span>
                {d.estado === 'pendiente' && d.proximo_intento_at ? (
                  <div className="muted">Próximo intento: {formatDateTime(d.proximo_intento_at)}</div>
                ) : null}
              </td>
              <td data-label="Intentos">{d.intentos}</td>
              <td data-label="Respuesta">
                {d.codigo_respuesta !== null ? <span>HTTP {d.codigo_respuesta}</span> : null}
                {d.latencia_ms !== null && d.intentos > 0 ? <span className="muted"> · {d.latencia_ms} ms</span> : null}
                {d.error ? <div className="webhook-log__error">{d.error}</div> : null}
                {d.respuesta ? <pre className="webhook-log__body">{d.respuesta}</pre> : null}
              </td>
              <td data-label="Ocurrió">{formatDateTime(d.ocurrido_at)}</td>
              <td data-label="Acciones" className="table__actions">
                {canEdit && d.estado !== 'pendiente' ? (
                  <ResendButton onClick={() => void resend(d)} aria-label={`Reenviar la entrega ${d.id}`} data-testid="webhook-resend" />
                ) : null}
              </td>
            </tr>
          ))}
        </DataTable>
      ) : null}
      <Pagination
        page={page}
        lastPage={lastPage}
        disabled={loading}
        onPage={(p) => {
          logState.page = p;
          void loadLog();
        }}
        status={`Mostrando página ${page} de ${lastPage}`}
        testId="webhook-log"
      />
    </Card>
  );
}
