import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import {
  MAIL_REF_TYPES,
  MAIL_STATUS_LABELS,
  MAIL_STATUSES,
  mailRefTypesFor,
  type CorreoResponse,
  type MailRefType,
  type MailStatus,
} from '@shared/contracts/mail.contract';
import { ROOMS } from '@shared/events/socket-events';
import { Options, Select } from '../../../components/ui/field';
import { ListCard } from '../../../components/ui/list-card';
import { PageHeader } from '../../../components/ui/page-header';
import { Pagination } from '../../../components/ui/pagination';
import { errorMessage } from '../../../lib/api-client';
import { useSession } from '../../../lib/auth';
import { useDocumentTitle } from '../../../lib/config';
import { correosFilterFrom, correosSearch, type CorreosFilter } from '../../../lib/correos-filter';
import { toast } from '../../../lib/toast';
import { getCorreoRefs, getCorreos, resendCorreo } from '../api/correos-api';
import { REF_TYPE_LABELS, refValue } from '../mail-labels';
import { CorreosLiveEffect } from '../live/mail-live-effect';
import { applyCorreo, correosState, loadCorreos } from '../stores/mail-store';
import { CorreoPreviewModal } from './mail-preview-modal';
import { CorreosTable } from './mail-table';
import { useBusyRow } from '../../../lib/use-busy-row';
import '../mail.css';

function parseRef(value: string): { type: MailRefType; id: number } | null {
  const [type, id] = value.split(':');
  return (MAIL_REF_TYPES as readonly string[]).includes(type) && Number(id) > 0 ? { type: type as MailRefType, id: Number(id) } : null;
}

/**
 * Correos: every message with its status, attempts and error; filters, preview, resend; live. The
 * filters live in the address bar (a link from an event's page presets them; each change is a history entry, so
 * back and forward walk them).
 */
export function CorreosPage() {
  useDocumentTitle('Correos');
  const { user } = useSession();
  const { correos, total, pageSize, refs, loading, loaded, error } = useSnapshot(correosState);
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  const query = useMemo(() => correosFilterFrom(new URLSearchParams(search)), [search]);
  const setQuery = (change: Partial<CorreosFilter>) => setParams(correosSearch({ ...query, page: 1, ...change }));
  // A link may name an event with no messages yet (or none among the 500 newest events): the select still shows it.
  const refListed = !query.ref || refs.some((r) => r.ref_type === query.ref?.type && r.ref_id === query.ref.id);
  const [viewingId, setViewingId] = useState<number | null>(null);
  const { busyId, run } = useBusyRow();
  const editable = mailRefTypesFor(user, 'edit');
  const canResend = (c: CorreoResponse) => !!user?.is_super_admin || (c.ref_type !== null && editable.includes(c.ref_type));
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  const viewing = viewingId === null ? null : ((correos.find((c) => c.id === viewingId) as CorreoResponse | undefined) ?? null);
  const headerRoom = user?.is_super_admin ? ROOMS.correosTodos : mailRefTypesFor(user, 'view').map(ROOMS.correos)[0];

  useEffect(() => {
    correosState.query = query;
    void loadCorreos(getCorreos);
  }, [query]);

  useEffect(() => {
    getCorreoRefs()
      .then(({ referencias }) => (correosState.refs = referencias))
      .catch(() => toast.error('No se pudieron cargar los eventos'));
  }, []);

  const handleResend = (c: CorreoResponse) =>
    run(
      c.id,
      async () => {
        const { correo, message } = await resendCorreo(c.id);
        applyCorreo(correo);
        toast.success(message);
      },
      (e) => toast.error(errorMessage(e, 'No se pudo reenviar el correo')),
    );

  return (
    <div className="correos-page">
      <CorreosLiveEffect />
      <PageHeader
        title="Correos"
        subtitle="Cada mensaje que Aforo envía: su estado, sus intentos y el error si lo hubo."
        room={headerRoom}
      />
      <div className="correos-filters" role="group" aria-label="Filtros de correos">
        <label className="correos-filters__field">
          <span className="correos-filters__label">Evento</span>
          <Select value={refValue(query.ref)} onValueChange={(v) => setQuery({ ref: parseRef(v) })} data-testid="correos-filter-ref">
            <option value="">Todos los eventos</option>
            {query.ref && !refListed ? (
              <option value={refValue(query.ref)}>{`${REF_TYPE_LABELS[query.ref.type]} ${query.ref.id}`}</option>
            ) : null}
            {refs.map((r) => (
              <option key={`${r.ref_type}:${r.ref_id}`} value={`${r.ref_type}:${r.ref_id}`}>
                {`${r.label} (${REF_TYPE_LABELS[r.ref_type]}, ${r.total})`}
              </option>
            ))}
          </Select>
        </label>
        <label className="correos-filters__field">
          <span className="correos-filters__label">Estado</span>
          <Select
            value={query.status}
            onValueChange={(v) => setQuery({ status: v as MailStatus | '' })}
            data-testid="correos-filter-status"
          >
            <Options values={MAIL_STATUSES} labels={MAIL_STATUS_LABELS} placeholder="Todos los estados" />
          </Select>
        </label>
      </div>
      <ListCard title="Mensajes" count={total} state={{ loading, loaded, error }} loadingLabel="Cargando correos…">
        <CorreosTable
          correos={correos as CorreoResponse[]}
          canResend={canResend}
          busyId={busyId}
          onView={(c) => setViewingId(c.id)}
          onResend={(c) => void handleResend(c)}
        />
        <Pagination
          page={query.page}
          lastPage={lastPage}
          disabled={loading}
          onPage={(page) => setQuery({ page })}
          status={`Mostrando página ${query.page} de ${lastPage}`}
          testId="correos"
        />
      </ListCard>
      {viewing ? <CorreoPreviewModal key={viewing.id} live={viewing} onClose={() => setViewingId(null)} /> : null}
    </div>
  );
}
