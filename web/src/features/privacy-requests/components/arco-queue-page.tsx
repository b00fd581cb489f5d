import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import {
  ARCO_QUEUE_STATUSES,
  ARCO_STATUS_LABELS,
  ARCO_TYPE_LABELS,
  type ArcoQueueStatus,
  type ArcoRequestResponse,
} from '@shared/contracts/privacy.contract';
import { ROOMS } from '@shared/events/socket-events';
import { DataTable, EmptyMessage } from '../../../components/ui/data-table';
import { Options, Select } from '../../../components/ui/field';
import { ListCard } from '../../../components/ui/list-card';
import { PageHeader } from '../../../components/ui/page-header';
import { SectionTabs } from '../../../components/ui/section-tabs';
import { PRIVACY_SECTIONS } from '../../../lib/privacy-sections';
import { Pagination } from '../../../components/ui/pagination';
import { RowButton } from '../../../components/ui/row-actions';
import { useSession } from '../../../lib/auth';
import { useDocumentTitle } from '../../../lib/config';
import { formatDate, formatDateTime } from '../../../lib/format';
import { can } from '../../../lib/permissions';
import { getArcoRequests } from '../api/privacy-api';
import { ArcoLiveEffect } from '../live/arco-live-effect';
import { arcoState, loadArcoRequests } from '../stores/arco-store';
import { ArcoResolveModal } from './arco-resolve-modal';
import '../privacy-requests.css';

/** "12 días hábiles", "Vence hoy", "Vencida hace 2 días hábiles". */
function dueText(days: number): string {
  if (days > 1) return `${days} días hábiles`;
  if (days === 1) return '1 día hábil';
  if (days === 0) return 'Vence hoy';
  return `Vencida hace ${-days} día${days === -1 ? '' : 's'} hábil${days === -1 ? '' : 'es'}`;
}

/** 'Solicitudes ARCO': the confirmed requests with their legal due date, pending first; live. */
export function ArcoQueuePage() {
  useDocumentTitle('Solicitudes ARCO');
  const { user } = useSession();
  const { query, solicitudes, total, pageSize, loading, loaded, error } = useSnapshot(arcoState);
  const [openId, setOpenId] = useState<number | null>(null);
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  const canResolve = can(user, 'privacidad', 'edit');

  useEffect(() => {
    void loadArcoRequests(getArcoRequests);
  }, [query.status, query.page]);

  return (
    <div className="arco-queue">
      <ArcoLiveEffect />
      <SectionTabs label="Privacidad" tabs={PRIVACY_SECTIONS} />
      <PageHeader
        title="Solicitudes ARCO"
        subtitle="Acceso, rectificación, cancelación y oposición: cada solicitud con su fecha límite legal (LGPDPPSO, art. 51)."
        room={ROOMS.privacidad}
      />
      <div className="arco-queue__filters" role="group" aria-label="Filtros de solicitudes">
        <label className="arco-queue__field">
          <span className="arco-queue__label">Estado</span>
          <Select
            value={query.status}
            onValueChange={(v) => {
              arcoState.query = { status: v as ArcoQueueStatus | '', page: 1 };
            }}
            data-testid="arco-filter-status"
          >
            <Options values={ARCO_QUEUE_STATUSES} labels={ARCO_STATUS_LABELS} placeholder="Todas" />
          </Select>
        </label>
      </div>
      <ListCard title="Solicitudes" count={total} state={{ loading, loaded, error }} loadingLabel="Cargando solicitudes…">
        {solicitudes.length === 0 ? (
          <EmptyMessage testId="arco-empty">No hay solicitudes con este filtro</EmptyMessage>
        ) : (
          <DataTable className="arco-table" testId="arco-table" columns={['Folio', 'Tipo', 'Persona', 'Estado', 'Fecha límite']}>
            {(solicitudes as ArcoRequestResponse[]).map((s) => (
              <tr key={s.id} data-testid="arco-row" data-arco-id={s.id} data-status={s.status}>
                <td data-label="Folio">{s.folio}</td>
                <td data-label="Tipo">{ARCO_TYPE_LABELS[s.tipo]}</td>
                <td data-label="Persona">
                  <div className="arco-queue__cell">
                    <span>{s.nombre}</span>
                    <span className="arco-queue__muted">{s.email}</span>
                  </div>
                </td>
                <td data-label="Estado">
                  <div className="arco-queue__cell">
                    <span className="badge" data-testid="arco-status">
                      {ARCO_STATUS_LABELS[s.status]}
                    </span>
                    {s.resuelta_at ? <div className="arco-queue__muted">{formatDateTime(s.resuelta_at)}</div> : null}
                  </div>
                </td>
                <td data-label="Fecha límite">
                  <div className="arco-queue__cell">
                    <span>{s.fecha_limite ? formatDate(`${s.fecha_limite}T18:00:00Z`) : '—'}</span>
                    {s.dias_habiles_restantes !== null ? (
                      <div
                        className={
                          s.dias_habiles_restantes < 0
                            ? 'arco-queue__due--late'
                            : s.dias_habiles_restantes <= 5
                              ? 'arco-queue__due--soon'
                              : 'arco-queue__muted'
                        }
                        data-testid="arco-days-left"
                      >
                        {dueText(s.dias_habiles_restantes)}
                      </div>
                    ) : null}
                  </div>
                </td>
                <td data-label="Acciones" className="table__actions">
                  <RowButton
                    onClick={() => setOpenId(s.id)}
                    aria-label={`${s.status === 'pendiente' && canResolve ? 'Resolver' : 'Ver'} la solicitud ${s.folio}`}
                    data-testid="open-arco"
                  >
                    {s.status === 'pendiente' && canResolve ? 'Resolver' : 'Ver'}
                  </RowButton>
                </td>
              </tr>
            ))}
          </DataTable>
        )}
        <Pagination
          page={query.page}
          lastPage={lastPage}
          disabled={loading}
          onPage={(page) => {
            arcoState.query = { ...arcoState.query, page };
          }}
          status={`Mostrando página ${query.page} de ${lastPage}`}
          testId="arco"
        />
      </ListCard>
      {openId !== null ? <ArcoResolveModal id={openId} canResolve={canResolve} onClose={() => setOpenId(null)} /> : null}
    </div>
  );
}
