import { createHash, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@core/config/app-config';
import type { DoorSettings } from './door.settings';
import { DomainException, ErrorCode } from '@core/errors/domain-exception';
import { UnitOfWork } from '@core/outbox/unit-of-work';
import type { EntityManager } from 'typeorm';
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
import type { EventActor, NewDomainEvent } from '@shared/events/domain-events';
import { DoorAdapters, type DoorAdapter, type DoorHolder } from './door-adapter';
import { DoorEmptying, recordDoorAlarm } from './door-emptying';
import { DOOR_BATCH_CHUNK, DOOR_CONFLICTS_SHOWN, DOOR_SERIES_MINUTES } from './door.constants';
import { DoorRepository, type DoorKey, type GateCount, type OccupancyRow, type ScanRow } from './door.repository';

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

/** A scan as the server takes it, before it is judged. */
interface PreparedScan {
  scanId: string;
  code: string;
  gate: string;
  direction: DoorDirection;
  scannedAt: Date;
  seccionId?: number;
}

/** A batch's scan judged in its chunk: its result, and its step of the counter (`after`: the chunk's sum after it). */
interface JudgedStep {
  index: number;
  scan: PreparedScan;
  holder: DoorHolder | null;
  result: DoorResult;
  conflictWith: string | null;
  admittedBy?: string;
  move: 0 | 1 | -1;
  after: number;
  extras: Record<string, unknown>;
}
type ChunkStep = JudgedStep | { index: number; replay: string };

/** The audited event of a judged scan (`door.scanned`): ids only. */
const scannedEvent = (
  key: DoorKey,
  p: PreparedScan,
  result: DoorResult,
  holderId: number | null,
  conflictWith: string | null,
  offline: boolean,
): NewDomainEvent => ({
  type: 'door.scanned',
  resourceId: p.scanId,
  payload: {
    kind: key.kind,
    event_id: key.eventId,
    scan: {
      scan_id: p.scanId,
      gate: p.gate,
      direction: p.direction,
      result,
      scanned_at: p.scannedAt.toISOString(),
      offline,
      holder_id: holderId,
      conflict_with: conflictWith,
    },
  },
});

/**
 * A batch's chunk again after PostgreSQL broke a deadlock (two devices' batches moving the same people in another
 * order): its transaction rolled back whole, so nothing of it stayed.
 */
async function withDeadlockRetry<T>(work: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (err) {
      const e = err as { code?: string; driverError?: { code?: string } };
      if ((e.driverError?.code ?? e.code) !== '40P01' || attempt >= attempts) throw err;
    }
  }
}

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
    private readonly emptying: DoorEmptying,
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
    const answer = await this.apply({ kind, eventId }, adapter, capacity, code, input, actor);
    if (answer.result === 'unknown') throw new DomainException(ErrorCode.NotFound, adapter.notFoundMessage);
    return answer;
  }

  /**
   * What an offline device sends once back: applied in `scanned_at` order (ties in the order sent), each scan once
   * (a scan_id seen before gives its stored answer), answered in the order sent. Applied in chunks of
   * DOOR_BATCH_CHUNK scans, one transaction each (applyChunk).
   */
  async batch(
    kind: DoorKind,
    eventId: number,
    scans: ScanInput[],
    actor: EventActor,
  ): Promise<{ results: ScanAnswer[]; occupancy: DoorOccupancySummary }> {
    const { adapter, capacity } = await this.event(kind, eventId);
    const key = { kind, eventId };
    const order = scans
      .map((scan, index) => ({ scan, index, at: scan.scanned_at ? new Date(scan.scanned_at).getTime() : Date.now() }))
      .sort((a, b) => a.at - b.at || a.index - b.index);
    const results: ScanAnswer[] = new Array(scans.length);
    for (let i = 0; i < order.length; i += DOOR_BATCH_CHUNK) {
      await this.applyChunk(key, adapter, capacity, order.slice(i, i + DOOR_BATCH_CHUNK), actor, results);
    }
    return { results, occupancy: await this.summary(key, capacity) };
  }

  /**
   * Some scans of a batch, in order, in one transaction: the scan log rows in one statement (a scan_id taken before,
   * or by a request running now, is a replay, answered after the commit from the log); each scan's person moved by
   * the same conditional statements as an online scan (so each result is the one a scan at a time would get); their
   * results and audited events in one statement each; and last the counter, gates and minute, moved once by the
   * chunk's sum (`move`: an offline entry already happened, it always counts). Each scan answers the count after its
   * own step, and each change of alarm level on the way is written, as if the scans had come one by one.
   */
  private async applyChunk(
    key: DoorKey,
    adapter: DoorAdapter,
    capacity: number | null,
    chunk: Array<{ scan: ScanInput; index: number }>,
    actor: EventActor,
    results: ScanAnswer[],
  ): Promise<void> {
    const levels = this.config.doorAlarmLevels;
    const known = await this.repo.knownScans(chunk.flatMap(({ scan }) => (scan.scan_id ? [scan.scan_id] : [])));
    const replays: Array<{ index: number; scanId: string }> = [];
    const taken = new Set<string>();
    const todo: Array<PreparedScan & { index: number }> = [];
    for (const { scan, index } of chunk) {
      const scanId = scan.scan_id ?? randomUUID();
      const id = scanId.toLowerCase();
      if (known.has(id) || taken.has(id)) replays.push({ index, scanId });
      else {
        taken.add(id);
        todo.push({ ...this.prepare(scan, scanId), index });
      }
    }
    const holders = await Promise.all(todo.map((p) => (adapter.isCode(p.code) ? adapter.holder(key.eventId, p.code) : null)));

    const applied = await withDeadlockRetry(() =>
      this.uow.run(actor, async (tx) => {
        const m = tx.manager;
        const held = await this.lockHolders(adapter, key, todo, holders, m);
        const fresh = await this.repo.insertScans(
          m,
          key,
          todo.map((p, i) => ({ ...p, code: p.code.slice(0, 60), holderId: held[i]?.id ?? null, offline: true, actorId: actor.userId })),
        );
        const steps: ChunkStep[] = [];
        for (const [i, p] of todo.entries()) {
          if (!fresh.has(p.scanId.toLowerCase())) {
            steps.push({ index: p.index, replay: p.scanId });
            continue;
          }
          const holder = held[i];
          const step: JudgedStep = {
            index: p.index,
            scan: p,
            holder,
            result: 'unknown',
            conflictWith: null,
            move: 0,
            after: 0,
            extras: {},
          };
          if (!holder) step.result = 'unknown';
          else if (!holder.admissible) step.result = 'cancelled';
          else if (p.direction === 'in') {
            if (await this.repo.enter(m, key, holder.id, p.gate, p.scanId, p.scannedAt)) {
              step.result = 'admitted';
              step.move = 1;
              step.extras = await adapter.admit(tx, key.eventId, holder.id, actor, { strict: false, seccionId: p.seccionId });
            } else {
              const inside = await this.repo.presence(key, holder.id, m);
              // The device let the person in on its own list: a second way in with the same code (another gate).
              const conflict = !!inside && inside.gate !== p.gate;
              step.result = conflict ? 'conflict' : 'already_inside';
              step.conflictWith = conflict ? (inside?.scan_id ?? null) : null;
              step.admittedBy = inside?.gate;
            }
          } else if (await this.repo.leave(m, key, holder.id, p.gate, p.scanId, p.scannedAt)) {
            step.result = 'exited';
            step.move = -1;
          } else step.result = 'not_inside';
          steps.push(step);
        }
        const judged = steps.filter((d): d is JudgedStep => !('replay' in d));
        await this.repo.setScanResults(
          m,
          judged.map((d) => ({ scanId: d.scan.scanId, result: d.result, conflictWith: d.conflictWith })),
        );
        await tx.record(judged.map((d) => scannedEvent(key, d.scan, d.result, d.holder?.id ?? null, d.conflictWith, true)));

        // Last, the hot rows, once for the chunk.
        let running = 0;
        let lowest: number | null = null;
        const gates = new Map<string, GateCount>();
        for (const d of judged) {
          running += d.move;
          d.after = running;
          if (d.move === 0) continue;
          const g = gates.get(d.scan.gate) ?? { gate: d.scan.gate, entries: 0, exits: 0 };
          if (d.move > 0) g.entries += 1;
          else {
            g.exits += 1;
            lowest = lowest === null ? running : Math.min(lowest, running);
          }
          gates.set(d.scan.gate, g);
        }
        if (gates.size === 0) return { steps, base: null };
        await this.repo.ensureOccupancy(m, key);
        const o = (await this.repo.move(m, key, { delta: running, lowest, gates: [...gates.values()] }, capacity, levels, true))!;
        const base = o.inside - running;
        // Each change of level on the way, as one scan at a time would have written it.
        let level = o.previous_level;
        for (const d of judged) {
          if (d.move === 0) continue;
          const inside = base + d.after;
          const next = doorLevel(inside, capacity, levels);
          if (next !== level) await recordDoorAlarm(tx, key, { alarm_level: next, previous_level: level, inside, capacity });
          level = next;
        }
        return { steps, base };
      }),
    );

    // The answers, after the commit.
    const base = applied.base ?? (await this.summary(key, capacity)).inside;
    for (const d of applied.steps) {
      if ('replay' in d) {
        replays.push({ index: d.index, scanId: d.replay });
        continue;
      }
      let extras = d.extras;
      if (d.holder && d.result !== 'admitted' && d.result !== 'unknown') extras = await adapter.extras(key.eventId, d.holder.id);
      const person = d.holder ? toPerson(d.holder) : undefined;
      results[d.index] = {
        scan_id: d.scan.scanId,
        result: d.result,
        message: message(d.result, person, { capacity, gate: d.admittedBy }, adapter.notFoundMessage),
        gate: d.scan.gate,
        direction: d.scan.direction,
        scanned_at: d.scan.scannedAt.toISOString(),
        replayed: false,
        occupancy: { inside: applied.base === null ? base : base + d.after, capacity },
        ...(person ? { person } : {}),
        ...extras,
      };
    }
    for (const r of replays) {
      results[r.index] = await this.replay(key, adapter, capacity, (await this.repo.findScan(r.scanId))!, true);
    }
  }

  /**
   * First thing in a scan's transaction: the holders' rows of the area locked (DoorAdapter.lockHolders), and a code
   * whose holder changed since it was read (people merged into one meanwhile) read again; `read` as is otherwise.
   */
  private async lockHolders(
    adapter: DoorAdapter,
    key: DoorKey,
    scans: Array<{ code: string }>,
    read: Array<DoorHolder | null>,
    m: EntityManager,
  ): Promise<Array<DoorHolder | null>> {
    if (!adapter.lockHolders) return read;
    const codes = [...new Set(scans.map((s) => s.code).filter((c) => adapter.isCode(c)))];
    const now = codes.length ? await adapter.lockHolders(m, key.eventId, codes) : new Map<string, number>();
    return Promise.all(
      scans.map(async ({ code }, i) => {
        const id = now.get(code);
        if (id === read[i]?.id) return read[i];
        return id === undefined ? null : adapter.holder(key.eventId, code, m);
      }),
    );
  }

  /** A scan's own fields as the server takes them: a device whose clock runs ahead cannot date a scan in the future. */
  private prepare(input: ScanInput, scanId: string): PreparedScan {
    const now = Date.now();
    return {
      scanId,
      code: doorCode(input.code),
      gate: input.gate?.trim() || DEFAULT_GATE,
      direction: input.direction ?? 'in',
      scannedAt: new Date(Math.min(input.scanned_at ? new Date(input.scanned_at).getTime() : now, now)),
      seccionId: input.seccion_id,
    };
  }

  /**
   * One scan, online, in one transaction: the scan log row, the person's row, the area's attendance, the scan's result
   * and audited event — and last the counter, gates and minute in one statement (`move`), so the event's hot rows
   * are held for that round trip and the commit. An entry the counter refuses (full) is rolled back to the savepoint
   * taken before the person's row moved, and answered `full`: nothing stays but the log and the audit.
   */
  private async apply(
    key: DoorKey,
    adapter: DoorAdapter,
    capacity: number | null,
    code: string,
    input: ScanInput,
    actor: EventActor,
  ): Promise<ScanAnswer> {
    const scanId = input.scan_id ?? randomUUID();
    const stored = await this.repo.findScan(scanId);
    if (stored) return this.replay(key, adapter, capacity, stored, false);
    const p = this.prepare(input, scanId);
    const { gate, direction, scannedAt } = p;
    let holder = adapter.isCode(code) ? await adapter.holder(key.eventId, code) : null;
    const levels = this.config.doorAlarmLevels;

    const outcome = await this.uow.run(actor, async (tx) => {
      const m = tx.manager;
      [holder] = await this.lockHolders(adapter, key, [{ code }], [holder], m);
      const fresh = await this.repo.insertScan(m, key, {
        scanId,
        holderId: holder?.id ?? null,
        code: code.slice(0, 60),
        gate,
        direction,
        offline: false,
        scannedAt,
        actorId: actor.userId,
      });
      if (!fresh) return null; // the same scan_id, sent at the same moment: its answer is the other request's
      /** The result and its audited event; for a move, then the hot rows (null: the counter refused an entry). */
      const judge = async (result: DoorResult, move: 0 | 1 | -1): Promise<OccupancyRow | null> => {
        await this.repo.setScanResult(m, scanId, result, null);
        await tx.record(scannedEvent(key, p, result, holder?.id ?? null, null, false));
        if (move === 0) return null;
        if (move > 0) await this.repo.ensureOccupancy(m, key);
        const gates = [{ gate, entries: move > 0 ? 1 : 0, exits: move < 0 ? 1 : 0 }];
        return this.repo.move(m, key, { delta: move, lowest: move < 0 ? -1 : null, gates }, capacity, levels, false);
      };
      let result: DoorResult;
      let occupancy: OccupancyRow | null = null;
      let admittedBy: string | undefined;
      let extras: Record<string, unknown> = {};
      if (!holder || !holder.admissible) {
        result = holder ? 'cancelled' : 'unknown';
        await judge(result, 0);
      } else if (direction === 'in') {
        await m.query('SAVEPOINT door_entry');
        if (!(await this.repo.enter(m, key, holder.id, gate, scanId, scannedAt))) {
          await m.query('RELEASE SAVEPOINT door_entry');
          admittedBy = (await this.repo.presence(key, holder.id, m))?.gate;
          result = 'already_inside';
          await judge(result, 0);
        } else {
          let refused: unknown = null;
          try {
            extras = await adapter.admit(tx, key.eventId, holder.id, actor, { strict: true, seccionId: input.seccion_id });
          } catch (err) {
            refused = err;
          }
          if (refused) {
            // The area refused (e.g. no seat left); a full venue still answers `full`, as when the counter came first.
            await m.query('ROLLBACK TO SAVEPOINT door_entry');
            await this.repo.ensureOccupancy(m, key);
            if (await this.repo.move(m, key, { delta: 1, lowest: null, gates: [] }, capacity, levels, false)) throw refused;
            result = 'full';
            await judge(result, 0);
          } else if ((occupancy = await judge('admitted', 1))) {
            result = 'admitted';
            await m.query('RELEASE SAVEPOINT door_entry');
          } else {
            await m.query('ROLLBACK TO SAVEPOINT door_entry');
            result = 'full';
            extras = {};
            await judge(result, 0);
          }
        }
      } else {
        const left = await this.repo.leave(m, key, holder.id, gate, scanId, scannedAt);
        result = left ? 'exited' : 'not_inside';
        occupancy = await judge(result, left ? -1 : 0);
      }
      if (occupancy) await recordDoorAlarm(tx, key, occupancy);
      return { result, occupancy, extras, admittedBy };
    });
    if (!outcome) return this.replay(key, adapter, capacity, (await this.repo.findScan(scanId))!, false);

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

  /** 'Vaciar recinto', on demand: everyone inside is marked out (DoorEmptying, the nightly run's code path too). */
  async empty(kind: DoorKind, eventId: number, actor: EventActor): Promise<{ count: number; occupancy: DoorOccupancy }> {
    const { capacity } = await this.event(kind, eventId);
    const key = { kind, eventId };
    const count = await this.uow.run(actor, (tx) => this.emptying.emptyIn(tx, key, capacity));
    return { count, occupancy: (await this.snapshot(kind, eventId))! };
  }
}
