import { formatTime } from '../../../lib/format';
import { Button } from '../../../components/ui/button';

/** Online or not, what waits to be sent, and the list this device answers from when the network is gone. */
export function SyncBar({
  online,
  pending,
  syncing,
  syncError,
  list,
  listError,
  onSync,
}: {
  online: boolean;
  pending: number;
  syncing: boolean;
  syncError: string | null;
  list: { count: number; downloadedAt: string } | null;
  listError: string | null;
  onSync: () => void;
}) {
  return (
    <section className={`door-sync ${online ? 'door-sync--online' : 'door-sync--offline'}`} aria-label="Conexión" data-testid="door-sync">
      <p className="door-sync__state" data-testid="door-connection">
        <span className="door-sync__dot" aria-hidden="true" />
        {online ? 'En línea' : 'Sin conexión'}
        {pending > 0 ? ` · ${pending} pendiente${pending === 1 ? '' : 's'}` : ''}
        {online && syncing ? ' · enviando…' : ''}
      </p>
      <p className="door-sync__list" data-testid="door-list">
        {list
          ? `Lista en este dispositivo: ${list.count.toLocaleString('es-MX')} código${list.count === 1 ? '' : 's'} (actualizada a las ${formatTime(list.downloadedAt)})`
          : online
            ? 'Descargando la lista de códigos para trabajar sin conexión…'
            : 'Sin lista de códigos en este dispositivo.'}
      </p>
      {listError ? <p className="door-sync__error">{listError}</p> : null}
      {syncError ? (
        <p className="door-sync__error" data-testid="door-sync-error">
          {syncError}
        </p>
      ) : null}
      {online && pending > 0 ? (
        <Button size="sm" onClick={onSync} disabled={syncing} data-testid="door-sync-now">
          {syncing ? 'Enviando…' : 'Enviar ahora'}
        </Button>
      ) : null}
    </section>
  );
}
