import { useState } from 'react';
import { useSnapshot } from 'valtio';
import type { WaitlistEntryResponse } from '@shared/contracts/external-events.contract';
import { EmailText } from '../../../components/ui/email-text';
import { formatDateTime } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { removeFromWaitlist } from '../api/waitlist';
import { fullName } from '../event-labels';
import { applyWaitlistEntry, waitlistState } from '../stores/waitlist-store';

/**
 * The event's waitlist beside its registrations (issue 22 §4): position, who, whether a place is held for them and
 * until when, and — with delete permission — removing someone (a place held for them goes to the next).
 */
export function WaitlistPanel({ eventId, canDelete }: { eventId: number; canDelete: boolean }) {
  const { entries, loaded } = useSnapshot(waitlistState);
  const [busyId, setBusyId] = useState<number | null>(null);
  const list = entries as WaitlistEntryResponse[];

  const remove = async (entry: WaitlistEntryResponse) => {
    if (!window.confirm(`¿Quitar a ${fullName(entry)} de la lista de espera?`)) return;
    setBusyId(entry.id);
    try {
      const response = await removeFromWaitlist(eventId, entry.id);
      applyWaitlistEntry(eventId, { ...entry, status: 'removed' });
      toast.success(response.message || 'Quitado de la lista de espera');
    } catch {
      window.alert('Error al quitar de la lista de espera');
    } finally {
      setBusyId(null);
    }
  };

  return (
    <section className="card waitlist-panel" aria-labelledby="waitlist-title" data-testid="waitlist-panel">
      <div className="card__header board-list__header">
        <h2 className="card__title" id="waitlist-title">
          Lista de espera
        </h2>
        <span className="counter" data-testid="waitlist-panel-count">
          {list.length}
        </span>
      </div>
      {!loaded ? (
        <p className="empty">Cargando lista de espera…</p>
      ) : list.length === 0 ? (
        <p className="empty" data-testid="waitlist-empty">
          Nadie en la lista de espera
        </p>
      ) : (
        <ol className="waitlist-list">
          {list.map((entry, i) => (
            <li key={entry.id} className="waitlist-item" data-testid="waitlist-entry" data-entry-id={entry.id} data-status={entry.status}>
              <span className="waitlist-item__position" aria-label={`Posición ${i + 1}`}>
                {i + 1}
              </span>
              <div className="waitlist-item__body">
                <p className="waitlist-item__name">{fullName(entry)}</p>
                <p className="waitlist-item__line">
                  <EmailText className="cell-email" email={entry.email} /> · {entry.phone}
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
                <button
                  type="button"
                  className="btn btn--sm btn--danger"
                  onClick={() => void remove(entry)}
                  disabled={busyId === entry.id}
                  data-testid="waitlist-remove"
                >
                  Quitar<span className="visually-hidden"> a {fullName(entry)}</span>
                </button>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
