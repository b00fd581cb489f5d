import { useSnapshot } from 'valtio';
import type { ProgramWaitlistEntryResponse } from '@shared/contracts/programs.contract';
import { WaitlistPanel, type WaitlistPanelEntry } from '../../../components/ui/waitlist-panel';
import { removeFromProgramWaitlist } from '../api/waitlist';
import { dropProgramWaitlistEntry, programWaitlistState } from '../stores/waitlist-store';
import { fullName } from './registration-details-modal';

/** The program's waitlist below its registrations (the shared panel, with this area's entries and endpoint). */
export function ProgramWaitlistPanel({ programaId, canDelete }: { programaId: number; canDelete: boolean }) {
  const { entries, loaded } = useSnapshot(programWaitlistState);
  const list = entries as ProgramWaitlistEntryResponse[];
  const shown: WaitlistPanelEntry[] = list.map((e) => ({
    id: e.id,
    name: fullName(e),
    email: e.correo_electronico,
    phone: e.celular,
    status: e.status,
    offered_until: e.offered_until,
  }));
  const onRemove = async (entry: WaitlistPanelEntry) => {
    const response = await removeFromProgramWaitlist(programaId, entry.id);
    dropProgramWaitlistEntry(programaId, entry.id);
    return response;
  };
  return <WaitlistPanel entries={shown} loaded={loaded} canDelete={canDelete} onRemove={onRemove} />;
}
