/**
 * The door screen's state and its engine. Online, every scan goes to the server, which judges it;
 * offline (or when the server does not answer in time), the device answers from its downloaded list of hashed codes
 * and queues what it let through, with its scan_id and scanned_at; back online, the queue goes in batches and the
 * server's verdicts are compared with the device's (conflicts are shown). Scans are handled one at a time, in order.
 */
import { proxy } from 'valtio';
import {
  DOOR_LIMITS,
  type DoorDirection,
  type DoorKind,
  type DoorOccupancy,
  type DoorOccupancySummary,
  type DoorResult,
  type DoorScanAnswer,
} from '@shared/contracts/door.contract';
import type { SeccionSummary } from '@shared/contracts/internal-events.contract';
import { ROOMS } from '@shared/events/socket-events';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { createVersionGate, liveState } from '../../../lib/live';
import { postBatch } from '../api/batch';
import { getCodes } from '../api/get-codes';
import { getDoorEvent } from '../api/get-door-event';
import { getOccupancy } from '../api/get-occupancy';
import { postScan, type ScanAnswer } from '../api/scan';
import { DOOR_KIND_INFO, normalizeScan } from '../door-kinds';
import { DOOR_HISTORY_SIZE, DOOR_LIST_REFRESH_MS, DOOR_ONLINE_SCAN_TIMEOUT_MS, DOOR_SYNC_RETRY_MS } from '../door.constants';
import { codeHash, newScanId } from '../offline/code-hash';
import { listKey, pendingScans, queueScan, readList, removeScans, replaceList, setInside, type ListKey } from '../offline/door-db';

/** What the screen shows for a scan: the server's results, and the device's own refusals before asking. */
export type Outcome = DoorResult | 'invalid' | 'error' | 'no_list';

export interface ScanOutcome {
  seq: number;
  result: Outcome;
  code: string;
  direction: DoorDirection;
  gate: string;
  /** Answered by this device from its list (no network): the server judges it when the queue is sent. */
  local: boolean;
  firstName: string | null;
  fullName: string | null;
  message: string;
  seat: string | null;
  at: string;
}

/** A queued scan whose verdict, once sent, was not what the device had answered (a conflict above all). */
export interface ReviewItem {
  scan_id: string;
  code: string;
  gate: string;
  scanned_at: string;
  result: DoorResult;
  message: string;
  fullName: string | null;
}

export interface DoorOccupancyView extends DoorOccupancySummary {
  level: number;
  entry_stopped: boolean;
}

export interface DoorState {
  kind: DoorKind | null;
  eventId: number | null;
  title: string | null;
  secciones: SeccionSummary[];
  /** The server says the event does not exist. */
  eventMissing: boolean;
  online: boolean;
  /** The list stored on this device for this event. */
  list: { count: number; downloadedAt: string } | null;
  listError: string | null;
  pending: number;
  syncing: boolean;
  syncError: string | null;
  lastSyncAt: string | null;
  occupancy: DoorOccupancyView | null;
  last: ScanOutcome | null;
  history: ScanOutcome[];
  review: ReviewItem[];
  busy: boolean;
}

const initial = (): DoorState => ({
  kind: null,
  eventId: null,
  title: null,
  secciones: [],
  eventMissing: false,
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
  list: null,
  listError: null,
  pending: 0,
  syncing: false,
  syncError: null,
  lastSyncAt: null,
  occupancy: null,
  last: null,
  history: [],
  review: [],
  busy: false,
});

export const doorState = proxy<DoorState>(initial());

/** The open door: its list in memory (hash → inside) and what its async work checks it still belongs to. */
interface OpenDoor {
  kind: DoorKind;
  id: number;
  key: ListKey;
  salt: string | null;
  codes: Map<string, boolean>;
  /** Codes moved by scans while a list download is on its way (laid over the downloaded list). */
  touched: Map<string, boolean> | null;
  listAt: number;
  /** The list download on its way (one at a time). */
  download: Promise<void> | null;
  retryTimer: number;
  refreshTimer: number;
}

let door: OpenDoor | null = null;
let chain: Promise<unknown> = Promise.resolve();
let seq = 0;
const versions = createVersionGate();

const isNetworkFailure = (err: unknown) =>
  (err instanceof ApiError && (err.status === 0 || (err.status >= 502 && err.status <= 504))) ||
  (err instanceof DOMException && (err.name === 'AbortError' || err.name === 'TimeoutError'));

function setOccupancy(o: DoorOccupancySummary & Partial<Pick<DoorOccupancy, 'level' | 'entry_stopped'>>) {
  doorState.occupancy = {
    inside: o.inside,
    capacity: o.capacity,
    level: o.level ?? doorState.occupancy?.level ?? 0,
    entry_stopped: o.entry_stopped ?? doorState.occupancy?.entry_stopped ?? false,
  };
}

function record(outcome: Omit<ScanOutcome, 'seq' | 'at'>): ScanOutcome {
  const full: ScanOutcome = { ...outcome, seq: ++seq, at: new Date().toISOString() };
  doorState.last = full;
  doorState.history = [full, ...doorState.history].slice(0, DOOR_HISTORY_SIZE);
  return full;
}

function remember(d: OpenDoor, hash: string, inside: boolean) {
  d.codes.set(hash, inside);
  d.touched?.set(hash, inside);
}

async function countPending(d: OpenDoor) {
  const n = (await pendingScans(d.key)).length;
  if (door === d) doorState.pending = n;
}

/** Downloads the event's hashed codes and stores them, with what this device has queued laid over them (one at a time). */
function downloadList(d: OpenDoor): Promise<void> {
  d.download ??= fetchList(d).finally(() => {
    d.download = null;
  });
  return d.download;
}

async function fetchList(d: OpenDoor): Promise<void> {
  const touched = new Map<string, boolean>();
  d.touched = touched;
  try {
    const res = await getCodes(d.kind, d.id);
    const codes = new Map(res.codes.map((c) => [c.hash, c.inside]));
    for (const q of await pendingScans(d.key)) codes.set(await codeHash(res.salt, q.code), q.direction === 'in');
    for (const [hash, inside] of touched) codes.set(hash, inside);
    const downloadedAt = new Date().toISOString();
    await replaceList(
      {
        key: d.key,
        kind: d.kind,
        event_id: d.id,
        title: doorState.title,
        salt: res.salt,
        generated_at: res.generated_at,
        downloaded_at: downloadedAt,
        count: res.codes.length,
      },
      codes,
    );
    if (door !== d) return;
    // Scans answered while the list was being stored.
    for (const [hash, inside] of touched) codes.set(hash, inside);
    d.salt = res.salt;
    d.codes = codes;
    d.listAt = Date.now();
    doorState.list = { count: res.codes.length, downloadedAt };
    doorState.listError = null;
  } catch (err) {
    if (door === d && !isNetworkFailure(err)) doorState.listError = errorMessage(err, 'No se pudo descargar la lista de códigos.');
    throw err;
  } finally {
    d.touched = null;
  }
}

async function loadOccupancy(d: OpenDoor): Promise<void> {
  const o = await getOccupancy(d.kind, d.id);
  if (door === d && versions.accept(d.id, o.version)) setOccupancy(o);
}

async function loadEvent(d: OpenDoor): Promise<void> {
  try {
    const event = await getDoorEvent(d.kind, d.id);
    if (door !== d) return;
    if (!event) {
      doorState.eventMissing = true;
      return;
    }
    doorState.title = event.title;
    doorState.secciones = event.secciones;
  } catch (err) {
    if (door === d && err instanceof ApiError && err.status === 404) doorState.eventMissing = true;
  }
}

/** Everything the door asks the server for when it (re)gains the network: each part on its own. */
function refresh(d: OpenDoor) {
  void loadEvent(d).then(() => (door === d ? downloadList(d).catch(() => undefined) : undefined));
  void loadOccupancy(d).catch(() => undefined);
  void syncNow();
}

/** A push on another gate means the list may have moved: download it again, at most once a minute. */
export function scheduleListRefresh(): void {
  const d = door;
  if (!d || d.refreshTimer) return;
  const wait = Math.max(0, d.listAt + DOOR_LIST_REFRESH_MS - Date.now());
  d.refreshTimer = window.setTimeout(() => {
    d.refreshTimer = 0;
    if (door === d && navigator.onLine) void downloadList(d).catch(() => undefined);
  }, wait);
}

function scheduleRetry(d: OpenDoor) {
  if (d.retryTimer) return;
  d.retryTimer = window.setTimeout(() => {
    d.retryTimer = 0;
    if (door === d) void syncNow();
  }, DOOR_SYNC_RETRY_MS);
}

/**
 * Opens the door of an event on this device: the stored list first (it answers at once, with or without network),
 * then, online, the event, a fresh list, the occupancy and whatever is queued. Returns the closing function.
 */
export function openDoor(kind: DoorKind, id: number): () => void {
  const d: OpenDoor = {
    kind,
    id,
    key: listKey(kind, id),
    salt: null,
    codes: new Map(),
    touched: null,
    listAt: 0,
    download: null,
    retryTimer: 0,
    refreshTimer: 0,
  };
  door = d;
  versions.clear();
  Object.assign(doorState, initial(), { kind, eventId: id });
  void readList(d.key).then((stored) => {
    if (door !== d || !stored) return;
    if (!d.salt) {
      d.salt = stored.list.salt;
      d.codes = stored.codes;
      d.listAt = Date.parse(stored.list.downloaded_at);
      doorState.list = { count: stored.list.count, downloadedAt: stored.list.downloaded_at };
    }
    doorState.title ??= stored.list.title;
  });
  void countPending(d);
  const onOnline = () => {
    doorState.online = true;
    if (door === d) refresh(d);
  };
  const onOffline = () => {
    doorState.online = false;
  };
  window.addEventListener('online', onOnline);
  window.addEventListener('offline', onOffline);
  if (navigator.onLine) refresh(d);
  return () => {
    window.removeEventListener('online', onOnline);
    window.removeEventListener('offline', onOffline);
    window.clearTimeout(d.retryTimer);
    window.clearTimeout(d.refreshTimer);
    if (door === d) door = null;
  };
}

/** A push of the door's room: the occupancy now (newer versions only). */
export function applyOccupancyPush(o: DoorOccupancy): void {
  const d = door;
  if (!d || o.kind !== d.kind || o.event_id !== d.id || !versions.accept(d.id, o.version)) return;
  setOccupancy(o);
}

/** After a reconnect: the occupancy again (pushes may have been missed). */
export function resyncOccupancy(): void {
  if (door) void loadOccupancy(door).catch(() => undefined);
}

const seatOf = (answer: ScanAnswer) => {
  const seat = answer.asistente?.asiento;
  return seat ? `${seat.seccion.nombre} - ${seat.codigo}` : null;
};

/** The server's answer, as the screen shows it. */
function fromAnswer(answer: ScanAnswer, code: string): Omit<ScanOutcome, 'seq' | 'at'> {
  return {
    result: answer.result,
    code,
    direction: answer.direction,
    gate: answer.gate,
    local: false,
    firstName: answer.person?.nombre ?? null,
    fullName: answer.person?.nombre_completo ?? null,
    message: answer.message,
    seat: seatOf(answer),
  };
}

const INSIDE_AFTER: Partial<Record<DoorResult, boolean>> = {
  admitted: true,
  already_inside: true,
  conflict: true,
  exited: false,
  not_inside: false,
};

/** One scan: `raw` is what was typed or read from a QR. */
export function scan(raw: string, options: { gate: string; direction: DoorDirection; seccionId?: number }): Promise<ScanOutcome | null> {
  const next = chain.then(() => runScan(raw, options));
  chain = next.catch(() => undefined);
  return next;
}

async function runScan(raw: string, { gate, direction, seccionId }: { gate: string; direction: DoorDirection; seccionId?: number }) {
  const d = door;
  if (!d) return null;
  const info = DOOR_KIND_INFO[d.kind];
  const code = normalizeScan(raw);
  const base = { code, direction, gate, local: true, firstName: null, fullName: null, seat: null };
  if (!info.isCode(code)) {
    return record({
      ...base,
      result: 'invalid',
      message: `«${code.slice(0, 20)}» no es un código de este evento: tiene ${info.codeLength} caracteres.`,
    });
  }
  const scanId = newScanId();
  const scannedAt = new Date().toISOString();
  doorState.busy = true;
  try {
    if (navigator.onLine) {
      try {
        const answer = await postScan(
          d.kind,
          d.id,
          { code, gate, direction, scan_id: scanId, scanned_at: scannedAt, ...(seccionId ? { seccion_id: seccionId } : {}) },
          AbortSignal.timeout(DOOR_ONLINE_SCAN_TIMEOUT_MS),
        );
        if (door !== d) return null;
        const inside = INSIDE_AFTER[answer.result];
        if (inside !== undefined && d.salt) {
          const hash = await codeHash(d.salt, code);
          if (d.codes.has(hash)) {
            remember(d, hash, inside);
            await setInside(d.key, hash, inside);
          }
        }
        // The room's pushes carry versions; the answer's count is only for a screen that is not receiving them.
        if (liveState.rooms[ROOMS.door(d.kind, d.id)] !== 'joined') setOccupancy(answer.occupancy);
        if (doorState.pending > 0) void syncNow();
        return record(fromAnswer(answer, code));
      } catch (err) {
        if (door !== d) return null;
        if (err instanceof ApiError && err.status === 404) {
          return record({
            ...base,
            local: false,
            result: 'unknown',
            message: errorMessage(err, 'No hay ningún registro con ese código en este evento.'),
          });
        }
        if (err instanceof ApiError && err.status === 422) {
          return record({ ...base, local: false, result: 'invalid', message: errorMessage(err, 'El código no es válido.') });
        }
        if (!isNetworkFailure(err)) {
          return record({ ...base, local: false, result: 'error', message: errorMessage(err, 'No se pudo registrar el escaneo.') });
        }
        // No answer: this device judges it from its list, with the same scan_id (the server applies it once).
      }
    }
    return await answerLocally(d, { code, gate, direction, scanId, scannedAt });
  } finally {
    if (door === d) doorState.busy = false;
  }
}

async function answerLocally(
  d: OpenDoor,
  s: { code: string; gate: string; direction: DoorDirection; scanId: string; scannedAt: string },
): Promise<ScanOutcome | null> {
  const base = { code: s.code, direction: s.direction, gate: s.gate, local: true, firstName: null, fullName: null, seat: null };
  if (!d.salt) {
    return record({
      ...base,
      result: 'no_list',
      message: 'Sin conexión y sin lista de códigos en este dispositivo: abre la puerta con conexión una vez para descargarla.',
    });
  }
  const hash = await codeHash(d.salt, s.code);
  if (door !== d) return null;
  const inside = d.codes.get(hash);
  if (inside === undefined) {
    return record({ ...base, result: 'unknown', message: 'El código no está en la lista de este evento (sin conexión).' });
  }
  if (s.direction === 'in' && inside) {
    return record({ ...base, result: 'already_inside', message: 'Ya entró con este código: no se registró otra entrada (sin conexión).' });
  }
  remember(d, hash, s.direction === 'in');
  await queueScan(
    {
      scan_id: s.scanId,
      list: d.key,
      code: s.code,
      gate: s.gate,
      direction: s.direction,
      scanned_at: s.scannedAt,
      local: s.direction === 'in' ? 'admitted' : 'exited',
    },
    hash,
  );
  await countPending(d);
  scheduleRetry(d);
  return record(
    s.direction === 'in'
      ? { ...base, result: 'admitted', message: 'Código válido: entrada registrada en este dispositivo; se enviará al volver la conexión.' }
      : { ...base, result: 'exited', message: 'Salida registrada en este dispositivo; se enviará al volver la conexión.' },
  );
}

let syncing: Promise<void> | null = null;

/** Sends the queue (batches of up to 1,000), compares the server's verdicts with the device's and refreshes the list. */
export function syncNow(): Promise<void> {
  const d = door;
  if (!d || !navigator.onLine) return Promise.resolve();
  syncing ??= runSync(d).finally(() => {
    syncing = null;
  });
  return syncing;
}

async function runSync(d: OpenDoor): Promise<void> {
  const queued = await pendingScans(d.key);
  if (door !== d) return;
  doorState.pending = queued.length;
  if (queued.length === 0) return;
  doorState.syncing = true;
  try {
    for (let i = 0; i < queued.length; i += DOOR_LIMITS.batch) {
      const chunk = queued.slice(i, i + DOOR_LIMITS.batch);
      const { results } = await postBatch(
        d.kind,
        d.id,
        chunk.map(({ scan_id, code, gate, direction, scanned_at }) => ({ scan_id, code, gate, direction, scanned_at })),
      );
      await removeScans(chunk.map((s) => s.scan_id));
      if (door !== d) return;
      const differing: ReviewItem[] = [];
      chunk.forEach((s, n) => {
        const r: DoorScanAnswer | undefined = results[n];
        if (!r || r.result === s.local) return;
        differing.push({
          scan_id: s.scan_id,
          code: s.code,
          gate: s.gate,
          scanned_at: s.scanned_at,
          result: r.result,
          message: r.message,
          fullName: r.person?.nombre_completo ?? null,
        });
      });
      doorState.review = [...differing, ...doorState.review];
      doorState.pending = Math.max(0, queued.length - i - chunk.length);
    }
    doorState.lastSyncAt = new Date().toISOString();
    doorState.syncError = null;
    await downloadList(d).catch(() => undefined);
  } catch (err) {
    if (door !== d) return;
    if (isNetworkFailure(err)) {
      doorState.syncError = 'No se pudo enviar: el servidor no responde. Se reintentará solo.';
      scheduleRetry(d);
    } else {
      doorState.syncError = errorMessage(err, 'No se pudieron enviar los escaneos pendientes.');
    }
    await countPending(d);
  } finally {
    if (door === d) doorState.syncing = false;
  }
}

/** The supervisor read the sync's review: it leaves the screen (the server's conflict list keeps it). */
export function dismissReview(): void {
  doorState.review = [];
}
