import { useSnapshot } from 'valtio';
import type { WaitlistEntryResponse } from '@shared/contracts/external-events.contract';
import { WaitlistPanel, type WaitlistPanelEntry } from '../../../components/ui/waitlist-panel';
import { removeFromWaitlist } from '../api/waitlist';
import { fullName } from '../event-labels';
import { dropWaitlistEntry, waitlistState } from '../stores/waitlist-store';

/** The event's waitlist beside its registrations (the shared panel, with this area's entries and endpoint). */
export function EventWaitlistPanel({ eventId, canDelete }: { eventId: number; canDelete: boolean }) {
  const { entries, loaded } = useSnapshot(waitlistState);
  const list = entries as WaitlistEntryResponse[];
  const shown: WaitlistPanelEntry[] = list.map((e) => ({
    id: e.id,
    name: fullName(e),
    email: e.email,
    phone: e.phone,
    status: e.status,
    offered_until: e.offered_until,
  }));
  const onRemove = async (entry: WaitlistPanelEntry) => {
    const response = await removeFromWaitlist(eventId, entry.id);
    dropWaitlistEntry(eventId, entry.id);
    return response;
  };
  return <WaitlistPanel entries={shown} loaded={loaded} canDelete={canDelete} onRemove={onRemove} />;
}
