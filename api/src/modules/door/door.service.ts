import { createHash, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@core/config/app-config';
import type { DoorSettings } from './door.settings';
import { DomainException, ErrorCode } from '@core/errors/domain-exception';
import { UnitOfWork, type Transaction } from '@core/outbox/unit-of-work';
import {
  DEFAULT_GATE,
  doorCode,
  doorLevel,
  type DoorCodesResponse,
  type DoorConflict,
  type DoorDirection,
  type DoorKind,
  type DoorOccupancy,
  type DoorOccupancyResponse,
  type DoorOccupancySummary,
  type DoorPerson,
  type DoorResult,
  type DoorScanAnswer,
} from '@shared/contracts/door.contract';
import type { EventActor } from '@shared/events/domain-events';
import { DoorAdapters, type DoorAdapter } from './door-adapter';
import { DOOR_CONFLICTS_SHOWN, DOOR_SERIES_MINUTES } from './door.constants';
import { DoorRepository, type DoorKey, type OccupancyRow, type ScanRow } from './door.repository';

export const EVENT_NOT_FOUND = 'El evento no existe.';
export const SCAN_ID_ELSEWHERE = 'Ese scan_id ya se usó en otro evento.';
export const STOP_NOT_ACTIVE = 'La entrada no está detenida: el recinto no ha llegado a su aforo máximo.';
export const STOP_NOT_LIFTED = 'La entrada no tiene un paso autorizado que quitar.';

/** One scan as a device sends it (online, or in a batch once back online). */
export interface ScanInput {
  code?: unknown;
  gate?: string;
  direction?: DoorDirection;
  scan_id?: string;
  scanned_at?: string;
  /** Internal events: the section a seat is given in, if the person has none (today's check-in). */
  seccion_id?: number;
}

/** A scan's answer with the kind's own fields (internal events keep today's `asistente`, `seat_assigned`…). */
export type ScanAnswer = DoorScanAnswer & Record<string, unknown>;

function message(result: DoorResult, person: DoorPerson | undefined, extra: { capacity: number | null; gate?: string }, notFound: string) {
  const name = person?.nombre_completo ?? '';
  switch (result) {
    case 'admitted':
      return `Asistencia registrada: ${name}`;
    case 'exited':
      return `Salida registrada: ${name}`;
    case 'already_inside':
      return `${name} ya está dentro: no se registró otra entrada.`;
    case 'not_inside':
      return `${name} no está dentro: no se registró la salida.`;
    case 'full':
      return `Recinto lleno: se alcanzó el aforo máximo (${extra.capacity ?? 0}). Nadie entra hasta que alguien salga o un supervisor lo autorice.`;
    case 'conflict':
      return `Conflicto: ${name} ya había entrado${extra.gate ? ` por ${extra.gate}` : ''}. Avisa a un supervisor.`;
    case 'cancelled':
      return `El registro de ${name} está cancelado: no puede entrar.`;
    default:
      return notFound;
  }
}

const toPerson = (h: DoorPerson): DoorPerson => ({ id: h.id, nombre: h.nombre, nombre_completo: h.nombre_completo });

/**
 * The door of an event of either kind: one engine, an adapter per kind (DoorAdapters). The server is
 * the judge: each scan is applied once (scan_id), a batch in `scanned_at` order, and what guards the counts under
 * concurrency is in DoorRepository (single conditional statements). Every scan — refused ones too — leaves its
 * scan log row and its audited domain event (`door.scanned`), and nothing else unless it let someone in or out.
 */
@Injectable()
export class DoorService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig & DoorSettings,
    private readonly uow: UnitOfWork,
    private readonly repo: DoorRepository,
    private readonly adapters: DoorAdapters,
  ) {}

  private async event(kind: DoorKind, eventId: number): Promise<{ adapter: DoorAdapter; capacity: number | null }> {
    const adapter = this.adapters.get(kind);
    const event = await adapter.event(eventId);
    if (!event) throw new DomainException(ErrorCode.NotFound, EVENT_NOT_FOUND);
    return { adapter, capacity: event.aforo_maximo };
  }

  /** One scan, online: an unknown code is a 404 (after its scan log row and audit), a malformed one a 422. */
  async scan(kind: DoorKind, eventId: number, input: ScanInput, actor: EventActor): Promise<ScanAnswer> {
    const { adapter, capacity } = await this.event(kind, eventId);
    const code = doorCode(input.code);
    if (!adapter.isCode(code)) throw DomainException.validation({ code: [adapter.formatMessage] }, adapter.formatMessage);
    const answer = await this.apply({ kind, eventId }, adapter, capacity, code, input, actor, false);
    if (answer.result === 'unknown') throw new DomainException(ErrorCode.NotFound, adapter.notFoundMessage);
    return answer;
  }

  /**
   * What an offline device sends once back: applied in `scanned_at` order (ties in the order sent), each scan once
   * (a scan_id seen before gives its stored answer), answered in the order sent.
   */
  async batch(
    kind: DoorKind,
    eventId: number,
    scans: ScanInput[],
    actor: EventActor,
  ): Promise<{ results: ScanAnswer[]; occupancy: DoorOccupancySummary }> {
    const { adapter, capacity } = await this.event(kind, eventId);
    const order = scans
      .map((scan, index) => ({ scan, index, at: scan.scanned_at ? new Date(scan.scanned_at).getTime() : Date.now() }))
      .sort((a, b) => a.at - b.at || a.index - b.index);
    const results: ScanAnswer[] = new Array(scans.length);
    for (const { scan, index } of order) {
      results[index] = await this.apply({ kind, eventId }, adapter, capacity, doorCode(scan.code), scan, actor, true);
    }
    return { results, occupancy: await this.summary({ kind, eventId }, capacity) };
  }

  private async apply(
    key: DoorKey,
    adapter: DoorAdapter,
    capacity: number | null,
    code: string,
    input: ScanInput,
    actor: EventActor,
    offline: boolean,
  ): Promise<ScanAnswer> {
    const scanId = input.scan_id ?? randomUUID();
    const stored = await this.repo.findScan(scanId);
    if (stored) return this.replay(key, adapter, capacity, stored, offline);
    const now = Date.now();
    // A device whose clock runs ahead cannot date a scan in the future.
    const scannedAt = new Date(Math.min(input.scanned_at ? new Date(input.scanned_at).getTime() : now, now));
    const gate = input.gate?.trim() || DEFAULT_GATE;
    const direction: DoorDirection = input.direction ?? 'in';
    const holder = adapter.isCode(code) ? await adapter.holder(key.eventId, code) : null;
    const levels = this.config.doorAlarmLevels;

    const outcome = await this.uow.run(actor, async (tx) => {
      const fresh = await this.repo.insertScan(tx.manager, key, {
        scanId,
        holderId: holder?.id ?? null,
        code: code.slice(0, 60),
        gate,
        direction,
        offline,
        scannedAt,
        actorId: actor.userId,
      });
      if (!fresh) return null; // the same scan_id, sent at the same moment: its answer is the other request's
      let result: DoorResult;
      let occupancy: OccupancyRow | null = null;
      let conflictWith: string | null = null;
      let admittedBy: string | undefined;
      let extras: Record<string, unknown> = {};
      if (!holder) result = 'unknown';
      else if (!holder.admissible) result = 'cancelled';
      else if (direction === 'in') {
        ({ result, occupancy, conflictWith, admittedBy } = await this.enter(
          tx,
          key,
          holder.id,
          gate,
          scanId,
          scannedAt,
          capacity,
          offline,
        ));
        if (result === 'admitted') {
          extras = await adapter.admit(tx, key.eventId, holder.id, actor, { strict: !offline, seccionId: input.seccion_id });
        }
      } else if (await this.repo.leave(tx.manager, key, holder.id, gate, scanId, scannedAt)) {
        result = 'exited';
        occupancy = await this.repo.release(tx.manager, key, 1, capacity, levels);
        await this.repo.countGate(tx.manager, key, gate, 'out');
        await this.repo.markMinute(tx.manager, key, occupancy.inside);
      } else result = 'not_inside';

      await this.repo.setScanResult(tx.manager, scanId, result, conflictWith);
      await tx.record({
        type: 'door.scanned',
        resourceId: scanId,
        payload: {
          kind: key.kind,
          event_id: key.eventId,
          scan: {
            scan_id: scanId,
            gate,
            direction,
            result,
            scanned_at: scannedAt.toISOString(),
            offline,
            holder_id: holder?.id ?? null,
            conflict_with: conflictWith,
          },
        },
      });
      if (occupancy) await this.recordAlarm(tx, key, occupancy);
      return { result, occupancy, extras, admittedBy };
    });
    if (!outcome) return this.replay(key, adapter, capacity, (await this.repo.findScan(scanId))!, offline);

    const { result, occupancy, admittedBy } = outcome;
    let extras = outcome.extras;
    if (holder && result !== 'admitted' && result !== 'unknown') extras = await adapter.extras(key.eventId, holder.id);
    const person = holder ? toPerson(holder) : undefined;
    return {
      scan_id: scanId,
      result,
      message: message(result, person, { capacity, gate: admittedBy }, adapter.notFoundMessage),
      gate,
      direction,
      scanned_at: scannedAt.toISOString(),
      replayed: false,
      occupancy: occupancy ? { inside: occupancy.inside, capacity } : await this.summary(key, capacity),
      ...(person ? { person } : {}),
      ...extras,
    };
  }

  /**
   * An entry. The person's row moves inside in one conditional statement; then the counter, in one conditional
   * UPDATE under the limit (an offline device's entry already happened: it counts even over the limit). If the
   * counter refuses (full), the person's row goes back (savepoint): nothing stays but the log and the audit.
   */
  private async enter(
    tx: Transaction,
    key: DoorKey,
    holderId: number,
    gate: string,
    scanId: string,
    at: Date,
    capacity: number | null,
    offline: boolean,
  ): Promise<{ result: DoorResult; occupancy: OccupancyRow | null; conflictWith: string | null; admittedBy?: string }> {
    const m = tx.manager;
    await m.query('SAVEPOINT door_entry');
    if (!(await this.repo.enter(m, key, holderId, gate, scanId, at))) {
      await m.query('RELEASE SAVEPOINT door_entry');
      const inside = await this.repo.presence(key, holderId, m);
      // Offline, the device let the person in on its own list: a second way in with the same code (another gate).
      const conflict = offline && !!inside && inside.gate !== gate;
      return {
        result: conflict ? 'conflict' : 'already_inside',
        occupancy: null,
        conflictWith: conflict ? (inside?.scan_id ?? null) : null,
        admittedBy: inside?.gate,
      };
    }
    await this.repo.ensureOccupancy(m, key);
    const occupancy = await this.repo.admit(m, key, capacity, this.config.doorAlarmLevels, offline);
    if (!occupancy) {
      await m.query('ROLLBACK TO SAVEPOINT door_entry');
      return { result: 'full', occupancy: null, conflictWith: null };
    }
    await m.query('RELEASE SAVEPOINT door_entry');
    await this.repo.countGate(m, key, gate, 'in');
    await this.repo.markMinute(m, key, occupancy.inside);
    return { result: 'admitted', occupancy, conflictWith: null };
  }

  /** An alarm is a change of level (up or down), written once: the statement that moved the counter says so. */
  private async recordAlarm(tx: Transaction, key: DoorKey, o: OccupancyRow): Promise<void> {
    if (o.alarm_level === o.previous_level) return;
    await tx.record({
      type: 'door.alarm',
      resourceId: `${key.kind}:${key.eventId}`,
      payload: {
        kind: key.kind,
        event_id: key.eventId,
        level: o.alarm_level,
        previous_level: o.previous_level,
        inside: o.inside,
        capacity: o.capacity,
      },
    });
  }

  /**
   * A scan_id seen before: its stored answer, nothing changed. One used in another event is refused: online with a
   * 422, in a batch as that scan's answer (`unknown`, nothing applied), so the rest of the batch still counts.
   */
  private async replay(key: DoorKey, adapter: DoorAdapter, capacity: number | null, s: ScanRow, offline: boolean): Promise<ScanAnswer> {
    if (s.event_kind !== key.kind || s.event_id !== key.eventId) {
      if (!offline) throw DomainException.validation({ scan_id: [SCAN_ID_ELSEWHERE] }, SCAN_ID_ELSEWHERE);
      return {
        scan_id: s.scan_id,
        result: 'unknown',
        message: SCAN_ID_ELSEWHERE,
        gate: s.gate,
        direction: s.direction,
        scanned_at: new Date(s.scanned_at).toISOString(),
        replayed: true,
        occupancy: await this.summary(key, capacity),
      };
    }
    const holder = s.holder_id ? (await adapter.people(key.eventId, [s.holder_id])).get(s.holder_id) : undefined;
    const person = holder ? toPerson(holder) : undefined;
    const result = s.result ?? 'unknown';
    const by = result === 'conflict' && s.conflict_with ? await this.repo.findScan(s.conflict_with) : null;
    return {
      scan_id: s.scan_id,
      result,
      message: message(result, person, { capacity, gate: by?.gate }, adapter.notFoundMessage),
      gate: s.gate,
      direction: s.direction,
      scanned_at: new Date(s.scanned_at).toISOString(),
      replayed: true,
      occupancy: await this.summary(key, capacity),
      ...(person ? { person } : {}),
    };
  }

  private async summary(key: DoorKey, capacity: number | null): Promise<DoorOccupancySummary> {
    const o = await this.repo.occupancy(key);
    return { inside: o?.inside ?? 0, capacity };
  }

  // ——— Occupancy ———

  /** The occupancy now, as pushed (`door.occupancy`) and read by the board (without the series). */
  async snapshot(kind: DoorKind, eventId: number): Promise<DoorOccupancy | null> {
    const adapter = this.adapters.get(kind);
    const event = await adapter.event(eventId);
    if (!event) return null;
    const key = { kind, eventId };
    const capacity = event.aforo_maximo;
    const levels = this.config.doorAlarmLevels;
    const [o, gates, conflicts, sections] = await Promise.all([
      this.repo.occupancy(key),
      this.repo.gates(key),
      this.repo.conflictCount(key),
      adapter.sections ? this.repo.insideHolders(key).then((ids) => adapter.sections!(eventId, ids)) : Promise.resolve(undefined),
    ]);
    const inside = o?.inside ?? 0;
    const stopLifted = o?.stop_lifted ?? false;
    return {
      kind,
      event_id: eventId,
      inside,
      capacity,
      level: doorLevel(inside, capacity, levels),
      levels,
      entry_stopped: capacity !== null && inside >= capacity && !stopLifted,
      stop_lifted: stopLifted,
      gates,
      ...(sections ? { sections } : {}),
      conflicts,
      version: o?.version ?? '0',
      at: new Date().toISOString(),
    };
  }

  async occupancy(kind: DoorKind, eventId: number): Promise<DoorOccupancyResponse> {
    const event = await this.adapters.get(kind).event(eventId);
    const snap = event ? await this.snapshot(kind, eventId) : null;
    if (!event || !snap) throw new DomainException(ErrorCode.NotFound, EVENT_NOT_FOUND);
    const series = await this.repo.series({ kind, eventId }, DOOR_SERIES_MINUTES);
    return {
      ...snap,
      evento: { titulo: event.titulo, fecha_evento: event.fecha_evento },
      series: series.map((p) => ({ at: new Date(p.at).toISOString(), inside: p.inside })),
    };
  }

  /**
   * The codes that may enter, for a door that must answer offline: each one hashed with the event's salt
   * (SHA-256 of `${salt}:${CODE}`, hex), with whether its person is inside now. No names, no e-mail
   * (docs/decisions/puerta.md#códigos-sin-conexión).
   */
  async codes(kind: DoorKind, eventId: number): Promise<DoorCodesResponse> {
    const { adapter } = await this.event(kind, eventId);
    const key = { kind, eventId };
    const [salt, valid, inside] = await Promise.all([this.repo.codeSalt(key), adapter.validCodes(eventId), this.repo.insideSet(key)]);
    return {
      kind,
      event_id: eventId,
      algorithm: 'SHA-256',
      salt,
      codes: valid.map(({ code, holder_id }) => ({
        hash: createHash('sha256').update(`${salt}:${code}`).digest('hex'),
        inside: inside.has(holder_id),
      })),
      generated_at: new Date().toISOString(),
    };
  }

  /** Scans answered `conflict`, newest first, with who and the scan that had let them in. */
  async conflicts(kind: DoorKind, eventId: number): Promise<DoorConflict[]> {
    const { adapter } = await this.event(kind, eventId);
    const rows = await this.repo.conflicts({ kind, eventId }, DOOR_CONFLICTS_SHOWN);
    const people = await adapter.people(eventId, [...new Set(rows.flatMap((r) => (r.holder_id ? [r.holder_id] : [])))]);
    return rows.map((r) => ({
      scan_id: r.scan_id,
      gate: r.gate,
      scanned_at: new Date(r.scanned_at).toISOString(),
      received_at: new Date(r.received_at).toISOString(),
      person: r.holder_id && people.has(r.holder_id) ? toPerson(people.get(r.holder_id)!) : null,
      admitted_by: r.by_gate ? { scan_id: r.conflict_with, gate: r.by_gate, scanned_at: new Date(r.by_scanned_at!).toISOString() } : null,
    }));
  }

  /** A supervisor lifts the stop at the limit (`lifted`), or puts it back; audited (`door.stop-lifted`). */
  async setStopLifted(kind: DoorKind, eventId: number, lifted: boolean, actor: EventActor): Promise<DoorOccupancy> {
    const { capacity } = await this.event(kind, eventId);
    const key = { kind, eventId };
    await this.uow.run(actor, async (tx) => {
      await this.repo.ensureOccupancy(tx.manager, key);
      const o = await this.repo.setStopLifted(tx.manager, key, lifted, capacity);
      if (!o) throw new DomainException(ErrorCode.Conflict, lifted ? STOP_NOT_ACTIVE : STOP_NOT_LIFTED);
      await tx.record({
        type: 'door.stop-lifted',
        resourceId: `${kind}:${eventId}`,
        payload: { kind, event_id: eventId, lifted, inside: o.inside, capacity },
      });
    });
    return (await this.snapshot(kind, eventId))!;
  }

  /** 'Vaciar recinto': everyone inside is marked out (the counter falls by as many, in the same transaction). */
  async empty(kind: DoorKind, eventId: number, actor: EventActor): Promise<{ count: number; occupancy: DoorOccupancy }> {
    const { capacity } = await this.event(kind, eventId);
    const key = { kind, eventId };
    const count = await this.uow.run(actor, async (tx) => {
      const n = await this.repo.emptyPresence(tx.manager, key);
      if (n > 0) {
        // By the rows this statement moved, not "to 0": an entry committing meanwhile keeps its person counted.
        const o = await this.repo.release(tx.manager, key, n, capacity, this.config.doorAlarmLevels);
        await this.repo.markMinute(tx.manager, key, o.inside);
        await this.recordAlarm(tx, key, o);
      }
      await tx.record({ type: 'door.emptied', resourceId: `${kind}:${eventId}`, payload: { kind, event_id: eventId, count: n } });
      return n;
    });
    return { count, occupancy: (await this.snapshot(kind, eventId))! };
  }
}
