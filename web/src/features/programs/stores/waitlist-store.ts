/**
 * The waitlist of the program whose registrations are open: the shared waitlist store
 * (lib/waitlist-store.ts) for room 'program:{id}' and its `program-waitlist.entry` pushes.
 */
import type { ProgramWaitlistEntryResponse } from '@shared/contracts/programs.contract';
import { createWaitlistStore } from '../../../lib/waitlist-store';
import { getProgramWaitlist, removeFromProgramWaitlist } from '../api/waitlist';

const store = createWaitlistStore<ProgramWaitlistEntryResponse>(getProgramWaitlist, removeFromProgramWaitlist);

/** For the waitlist panel (components/ui/waitlist-panel.tsx). */
export const programWaitlist = store;

export const programWaitlistState = store.state;
export const resetProgramWaitlist = (programaId: number | null) => store.reset(programaId);
export const loadProgramWaitlist = (programaId: number) => store.load(programaId);
export const applyProgramWaitlistEntry = (programaId: number, entry: ProgramWaitlistEntryResponse) => store.apply(programaId, entry);
