import { useSnapshot } from 'valtio';
import { formatDateTime } from '../../lib/format';
import { toast } from '../../lib/toast';
import { EmailText } from './email-text';
import { useBusyRow } from '../../lib/use-busy-row';
import type { WaitlistStore, WaitlistStoreEntry } from '../../lib/waitlist-store';
import './waitlist-panel.css';
import { Button } from './button';

/** Who is in line, as the panel names them (each area maps its own entry's fields to this). */
export interface WaitlistContact {
  name: string;
  email: string;
  /** Null once retention anonymised the entry. */
  phone: string | null;
}

/**
 * A waitlist beside its registrations, for an external event or a program: position, who, whether a
 * place is held for them and until when, and — with delete permission — removing someone (a place held for them goes
 * to the next). The list is the area's store (lib/waitlist-store.ts) for `ownerId`, kept live by its pushes; removing goes through
 * the store to the area's endpoint; `contact` names an entry.
 */
export function WaitlistPanel<E extends WaitlistStoreEntry>({
  store,
  ownerId,
  canDelete,
  contact,
}: {
  store: WaitlistStore<E>;
  ownerId: number;
  canDelete: boolean;
  contact: (entry: E) => WaitlistContact;
}) {
  const { entries: snapshot, loaded } = useSnapshot(store.state);
  const entries = (snapshot as readonly E[]).map((e) => ({ id: e.id, status: e.status, offered_until: e.offered_until, ...contact(e) }));
  const { busyId, run } = useBusyRow();

  const remove = async (entry: (typeof entries)[number]) => {
    if (!window.confirm(`¿Quitar a ${entry.name} de la lista de espera?`)) return;
    await run(
      entry.id,
      async () => toast.success((await store.remove(ownerId, entry.id)).message || 'Quitado de la lista de espera'),
      () => window.alert('Error al quitar de la lista de espera'),
    );
  };

  return (
    <section className="card waitlist-panel" aria-labelledby="waitlist-title" data-testid="waitlist-panel">
      <div className="card__header board-list__header">
        <h2 className="card__title" id="waitlist-title">
          Lista de espera
        </h2>
        <span className="counter" data-testid="waitlist-panel-count">
          {entries.length}
        </span>
      </div>
      {!loaded ? (
        <p className="empty">Cargando lista de espera…</p>
      ) : entries.length === 0 ? (
        <p className="empty" data-testid="waitlist-empty">
          Nadie en la lista de espera
        </p>
      ) : (
        <ol className="waitlist-list">
          {entries.map((entry, i) => (
            <li key={entry.id} className="waitlist-item" data-testid="waitlist-entry" data-entry-id={entry.id} data-status={entry.status}>
              <span className="waitlist-item__position" aria-label={`Posición ${i + 1}`}>
                {i + 1}
              </span>
              <div className="waitlist-item__body">
                <p className="waitlist-item__name">{entry.name}</p>
                <p className="waitlist-item__line">
                  <EmailText className="cell-email" email={entry.email} />
                  {entry.phone ? ` · ${entry.phone}` : null}
                </p>
                {entry.status === 'offered' && entry.offered_until ? (
                  <p className="waitlist-item__line">
                    <span className="badge badge--reg-registered">Lugar ofrecido</span>{' '}
                    <span data-testid="waitlist-offered-until">Apartado hasta el {formatDateTime(entry.offered_until)}</span>
                  </p>
                ) : (
                  <p className="waitlist-item__line">
                    <span className="badge badge--neutral">En espera</span>
                  </p>
                )}
              </div>
              {canDelete ? (
                <Button
                  variant="danger"
                  size="sm"
                  onClick={() => void remove(entry)}
                  disabled={busyId === entry.id}
                  data-testid="waitlist-remove"
                >
                  Quitar<span className="visually-hidden"> a {entry.name}</span>
                </Button>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
