/**
 * One event's waitlist beside its registrations board: the shared waitlist store (lib/waitlist-store.ts)
 * for room 'external-event:{id}' and its `waitlist.entry` pushes.
 */
import type { WaitlistEntryResponse } from '@shared/contracts/external-events.contract';
import { createWaitlistStore } from '../../../lib/waitlist-store';
import { getWaitlist, removeFromWaitlist } from '../api/waitlist';

const store = createWaitlistStore<WaitlistEntryResponse>(getWaitlist, removeFromWaitlist);

/** For the waitlist panel (components/ui/waitlist-panel.tsx). */
export const eventWaitlist = store;

export const waitlistState = store.state;
export const resetWaitlist = (eventId: number) => store.reset(eventId);
export const loadWaitlist = (eventId: number) => store.load(eventId);
export const applyWaitlistEntry = (eventId: number, entry: WaitlistEntryResponse) => store.apply(eventId, entry);
