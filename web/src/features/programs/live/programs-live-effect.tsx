import { ROOMS } from '@shared/events/socket-events';
import { useLiveRoom, useSocketEvent } from '../../../lib/live';
import { getProgramRegistrations } from '../api/get-program-registrations';
import { getProgramas } from '../api/get-programas';
import { applyFeatured, applyProgramCounts, loadProgramas, removePrograma, upsertPrograma } from '../stores/programs-store';
import { loadRegistrations, registrationsState, upsertRegistration } from '../stores/registrations-store';
import { applyProgramWaitlistEntry, loadProgramWaitlist } from '../stores/waitlist-store';

/**
 * Joins room 'programs' while the screen is open, and 'program:{id}' while a program's registrations (and its
 * waitlist) are open; applies their pushes to the stores and refetches after a reconnect. Renders nothing.
 */
export function ProgramsLiveEffect({ registrationsOf }: { registrationsOf: number | null }) {
  useLiveRoom(ROOMS.programs, { onResync: () => void loadProgramas(getProgramas, { silent: true }).catch(() => {}) });
  useLiveRoom(registrationsOf === null ? null : ROOMS.program(registrationsOf), {
    onResync: () => {
      if (registrationsOf === null) return;
      void loadRegistrations(registrationsOf, getProgramRegistrations, { silent: true }).catch(() => {});
      loadProgramWaitlist(registrationsOf).catch(() => undefined);
    },
  });
  useSocketEvent('program.created', (msg) => upsertPrograma(msg.data.programa));
  useSocketEvent('program.updated', (msg) => upsertPrograma(msg.data.programa));
  useSocketEvent('program.deleted', (msg) => removePrograma(msg.data.id));
  useSocketEvent('program.featured', (msg) => applyFeatured(msg.data.id, msg.data.es_destacado, msg.data.affected_ids));
  useSocketEvent('program.counts', (msg) => applyProgramCounts(msg.data.counts));
  useSocketEvent('program-registration.created', (msg) => upsertRegistration(msg.data.programa_id, msg.data.registration));
  useSocketEvent('program-registration.updated', (msg) => {
    if (registrationsState.programaId === msg.data.programa_id) upsertRegistration(msg.data.programa_id, msg.data.registration);
  });
  useSocketEvent('program-waitlist.entry', (msg) => applyProgramWaitlistEntry(msg.data.programa_id, msg.data.entry));
  return null;
}
