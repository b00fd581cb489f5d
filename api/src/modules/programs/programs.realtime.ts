import type { AuthUser } from '@core/access/current-user';
import { canInAnyArea } from '@shared/permissions';
import {
  PROGRAM_PERMISSION_AREAS,
  type ProgramCounts,
  type ProgramRegistrationResponse,
  type ProgramWaitlistEntryResponse,
} from '@shared/contracts/programs.contract';
import type { DomainEventType } from '@shared/events/domain-events';
import { ROOMS } from '@shared/events/socket-events';
import { push, type PushRoutes, type PushSpec, type RoutedEvent } from '@core/realtime/push-routes';
import type { RealtimeRegistry } from '@core/realtime/realtime-registry';
import type { ProgramsRepository } from './programs.repository';

/** Spec 3 §6: programs are reached through either area's permissions. */
export const PROGRAM_AREAS = PROGRAM_PERMISSION_AREAS;

type ProgramEventType = Extract<DomainEventType, `program.${string}` | `program-registration.${string}` | `program-waitlist.${string}`>;

/** Places of a program: staff rooms always; its public page only while it is published (counts only, no personal data). */
const countsPush = (counts: ProgramCounts): PushSpec =>
  push(
    'program.counts',
    counts.status === 'published'
      ? [ROOMS.programs, ROOMS.program(counts.id), ROOMS.publicProgram(counts.id)]
      : [ROOMS.programs, ROOMS.program(counts.id)],
    { counts },
  );
const publicChanged = (id: number) => push('public.program-changed', [ROOMS.publicProgram(id)], {});

/** A registration new or changed: the row to the program's board, and the program's places. */
const registrationPushes = (
  event: 'program-registration.created' | 'program-registration.updated',
  p: { programa_id: number; registration: ProgramRegistrationResponse; counts: ProgramCounts },
): RoutedEvent => ({
  pushes: [push(event, [ROOMS.program(p.programa_id)], { programa_id: p.programa_id, registration: p.registration }), countsPush(p.counts)],
});

/** A waitlist entry changed: its new state to the program's board (staff), and the counts (places held, people waiting). */
const waitlistPushes = (p: { programa_id: number; entry: ProgramWaitlistEntryResponse; counts: ProgramCounts }): RoutedEvent => ({
  pushes: [
    push('program-waitlist.entry', [ROOMS.program(p.programa_id)], { programa_id: p.programa_id, entry: p.entry }),
    countsPush(p.counts),
  ],
});

/** The socket pushes of every program domain event (personal data only to staff rooms). */
export const PROGRAM_PUSH_ROUTES: PushRoutes<ProgramEventType> = {
  'program.created': (e) => ({ pushes: [push('program.created', [ROOMS.programs], { programa: e.payload.programa })] }),
  'program.updated': (e) => ({
    pushes: [
      push('program.updated', [ROOMS.programs, ROOMS.program(e.payload.programa.id)], { programa: e.payload.programa }),
      countsPush(e.payload.counts),
      publicChanged(e.payload.programa.id),
    ],
  }),
  'program.deleted': (e) => ({
    pushes: [
      push('program.deleted', [ROOMS.programs, ROOMS.program(e.payload.programa_id)], { id: e.payload.programa_id }),
      publicChanged(e.payload.programa_id),
    ],
  }),
  'program.featured': (e) => ({
    pushes: [
      push('program.featured', [ROOMS.programs], {
        id: e.payload.programa_id,
        es_destacado: e.payload.es_destacado,
        affected_ids: e.payload.affected_ids,
      }),
    ],
  }),
  'program-registration.created': (e) => registrationPushes('program-registration.created', e.payload),
  'program-registration.status-changed': (e) => registrationPushes('program-registration.updated', e.payload),
  'program-waitlist.joined': (e) => waitlistPushes(e.payload),
  'program-waitlist.offered': (e) => waitlistPushes(e.payload),
  'program-waitlist.accepted': (e) => waitlistPushes(e.payload),
  'program-waitlist.expired': (e) => waitlistPushes(e.payload),
  'program-waitlist.removed': (e) => waitlistPushes(e.payload),
};

const mayView = (user: AuthUser | null) => canInAnyArea(user, PROGRAM_AREAS, 'view');

/**
 * The programs' rooms (who may join them, checked at every join and after access changes) and the
 * push routes of their domain events. Counts travel in the events' payloads (the change that moved
 * them computed them, with the row's version), so no counts source is needed.
 */
export function registerProgramsRealtime(realtime: RealtimeRegistry, programs: ProgramsRepository): void {
  realtime.rooms(/^programs$/, (user) => mayView(user));
  realtime.rooms(/^program:(\d+)$/, async (user, _room, m) => mayView(user) && !!(await programs.findById(Number(m[1]))));
  realtime.pushRoutes(PROGRAM_PUSH_ROUTES);
  realtime.rooms(/^public:programa:(\d+)$/, async (user, _room, m) => {
    const programa = await programs.findById(Number(m[1]));
    return !!programa && (programa.status === 'published' || mayView(user));
  });
}
