/**
 * One internal event's board (spec 2 §2 detail): the event, its counters and its attendees. The old
 * screen polled every 3 s; this one loads once, applies the pushes of room 'internal-event:{id}' and
 * reloads only after a reconnect.
 */
import { proxy } from 'valtio';
import type {
  AsistenteResponse,
  InternalEventResponse,
  InvitationJobResponse,
  SeatRef,
  VersionedInternalCounts,
} from '@shared/contracts/internal-events.contract';
import { applyAttendeeCounts, createVersionGate } from '../../../lib/live';
import { createLatest, loadLatest } from '../../../lib/loader';
import { getAsistentes } from '../api/get-asistentes';
import { getInternalEvent } from '../api/get-internal-event';
import { getLastInvitationJob } from '../api/invitations';
import { removeById, upsertManyById } from '../../../lib/list';

export const internalEventState = proxy<{
  eventId: number | null;
  evento: InternalEventResponse | null;
  asistentes: AsistenteResponse[];
  /** The event's last invitation request by e-mail (its progress or result), or null. */
  invitationJob: InvitationJobResponse | null;
  loaded: boolean;
}>({ eventId: null, evento: null, asistentes: [], invitationJob: null, loaded: false });

let versions = createVersionGate();
const latest = createLatest();

const byName = (a: AsistenteResponse, b: AsistenteResponse) =>
  `${a.apellido_paterno} ${a.apellido_materno} ${a.nombre}`.localeCompare(
    `${b.apellido_paterno} ${b.apellido_materno} ${b.nombre}`,
    'es',
  ) || a.id - b.id;

export function resetInternalEvent(eventId: number): void {
  latest.invalidate();
  versions = createVersionGate();
  internalEventState.eventId = eventId;
  internalEventState.evento = null;
  internalEventState.asistentes = [];
  internalEventState.invitationJob = null;
  internalEventState.loaded = false;
}

/** GET the event and its attendees side by side. Throws on failure; a stale answer is dropped. */
export async function loadInternalEvent(eventId: number): Promise<void> {
  await loadLatest(latest, () => Promise.all([getInternalEvent(eventId), getAsistentes(eventId), getLastInvitationJob(eventId)]), {
    data([{ evento }, { asistentes }, { job }]) {
      if (internalEventState.eventId !== eventId) return;
      versions.accept(evento.id, evento.version);
      internalEventState.evento = evento;
      internalEventState.asistentes = [...asistentes].sort(byName);
      internalEventState.invitationJob = job;
      internalEventState.loaded = true;
    },
  });
}

const finished = (j: InvitationJobResponse) => j.status === 'completed' || j.status === 'failed';

/**
 * An invitation request's progress (the worker's pushes and the outbox's may cross): a newer request replaces
 * the one shown; the same one only moves forward. The people a batch invited get their date in the list.
 */
export function applyInvitationProgress(
  eventId: number,
  job: InvitationJobResponse,
  invited?: { persona_ids: readonly number[]; at: string },
): void {
  if (internalEventState.eventId !== eventId) return;
  const current = internalEventState.invitationJob;
  const take =
    !current ||
    (current.id === job.id
      ? !finished(current) && (finished(job) || job.processed >= current.processed)
      : job.created_at >= current.created_at);
  if (take) internalEventState.invitationJob = job;
  if (invited && isThis(eventId)) {
    const ids = new Set(invited.persona_ids);
    for (const a of internalEventState.asistentes) if (ids.has(a.id)) a.pivot.invitacion_enviada_at = invited.at;
  }
}

const isThis = (eventId: number) => internalEventState.eventId === eventId && internalEventState.loaded;

export function upsertAsistentes(eventId: number, incoming: readonly AsistenteResponse[]): void {
  if (!isThis(eventId) || incoming.length === 0) return;
  upsertManyById(internalEventState.asistentes, incoming, byName);
}

export function removeAsistenteFromBoard(eventId: number, personaId: number): void {
  if (!isThis(eventId)) return;
  removeById(internalEventState.asistentes, personaId);
}

export function setSeat(eventId: number, personaId: number, seat: SeatRef | null): void {
  if (!isThis(eventId)) return;
  const a = internalEventState.asistentes.find((x) => x.id === personaId);
  if (a) a.asiento = seat;
}

export function releaseSeats(eventId: number, personaIds: readonly number[]): void {
  for (const id of personaIds) setSeat(eventId, id, null);
}

export function replaceEvento(evento: InternalEventResponse): void {
  if (internalEventState.eventId !== evento.id || !internalEventState.evento) return;
  if (!versions.accept(evento.id, evento.version)) {
    // Counts are older than what we show; keep them, take the rest.
    const current = internalEventState.evento;
    internalEventState.evento = {
      ...evento,
      asistentes_count: current.asistentes_count,
      asistentes_confirmados_count: current.asistentes_confirmados_count,
      asistentes_pendientes_count: current.asistentes_pendientes_count,
      asistentes_asistieron_count: current.asistentes_asistieron_count,
    };
    return;
  }
  internalEventState.evento = evento;
}

export function applyCounts(c: VersionedInternalCounts): void {
  applyAttendeeCounts(internalEventState.evento, c, versions);
}
