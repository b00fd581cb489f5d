/**
 * The door's offline memory on this device (IndexedDB through idb): per event, the hashed codes downloaded while
 * online with who is inside as this device knows it, and the scans it let through while offline, waiting to be
 * sent. Nothing here holds a name: the codes are hashes (docs/decisions/puerta.md#códigos-sin-conexión); a queued
 * scan keeps the code it was given, which the batch route needs.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { DoorDirection, DoorKind } from '@shared/contracts/door.contract';

/** `${kind}:${id}`: one door list per event. */
export type ListKey = string;
export const listKey = (kind: DoorKind, id: number): ListKey => `${kind}:${id}`;

export interface StoredList {
  key: ListKey;
  kind: DoorKind;
  event_id: number;
  /** Shown while offline (the page cannot ask for it then). */
  title: string | null;
  salt: string;
  /** When the server built the list, and when this device stored it. */
  generated_at: string;
  downloaded_at: string;
  count: number;
}

export interface StoredCode {
  list: ListKey;
  hash: string;
  inside: boolean;
}

/** A scan this device let through offline (an entry it admitted, an exit): sent with the batch route when back. */
export interface QueuedScan {
  scan_id: string;
  list: ListKey;
  code: string;
  gate: string;
  direction: DoorDirection;
  scanned_at: string;
  /** What the device answered: compared with the server's verdict once sent. */
  local: 'admitted' | 'exited';
}

interface DoorSchema extends DBSchema {
  lists: { key: ListKey; value: StoredList };
  codes: { key: [ListKey, string]; value: StoredCode; indexes: { 'by-list': ListKey } };
  queue: { key: string; value: QueuedScan; indexes: { 'by-list': ListKey } };
}

const DB_NAME = 'aforo-puerta';
let db: Promise<IDBPDatabase<DoorSchema>> | null = null;

function open(): Promise<IDBPDatabase<DoorSchema>> {
  db ??= openDB<DoorSchema>(DB_NAME, 1, {
    upgrade(d) {
      d.createObjectStore('lists', { keyPath: 'key' });
      d.createObjectStore('codes', { keyPath: ['list', 'hash'] }).createIndex('by-list', 'list');
      d.createObjectStore('queue', { keyPath: 'scan_id' }).createIndex('by-list', 'list');
    },
  });
  return db;
}

/** The stored list of an event and its codes (hash → inside), or null before the first download. */
export async function readList(key: ListKey): Promise<{ list: StoredList; codes: Map<string, boolean> } | null> {
  const d = await open();
  const tx = d.transaction(['lists', 'codes'], 'readonly');
  const list = await tx.objectStore('lists').get(key);
  if (!list) return null;
  const rows = await tx.objectStore('codes').index('by-list').getAll(key);
  await tx.done;
  return { list, codes: new Map(rows.map((r) => [r.hash, r.inside])) };
}

/** Replaces an event's list (its codes and whether each is inside) in one transaction. */
export async function replaceList(list: StoredList, codes: Map<string, boolean>): Promise<void> {
  const d = await open();
  const tx = d.transaction(['lists', 'codes'], 'readwrite');
  const store = tx.objectStore('codes');
  let cursor = await store.index('by-list').openCursor(list.key);
  while (cursor) {
    await cursor.delete();
    cursor = await cursor.continue();
  }
  await Promise.all([...codes].map(([hash, inside]) => store.put({ list: list.key, hash, inside })));
  await tx.objectStore('lists').put(list);
  await tx.done;
}

/** Records that a code's person went in or out, as this device saw it. */
export async function setInside(key: ListKey, hash: string, inside: boolean): Promise<void> {
  const d = await open();
  const tx = d.transaction(['lists', 'codes'], 'readwrite');
  // Only codes of a stored list (an online answer for a code the list never had changes nothing).
  if (await tx.objectStore('codes').get([key, hash])) await tx.objectStore('codes').put({ list: key, hash, inside });
  await tx.done;
}

/** Queues an offline scan and records its effect on who is inside, together. */
export async function queueScan(scan: QueuedScan, hash: string): Promise<void> {
  const d = await open();
  const tx = d.transaction(['codes', 'queue'], 'readwrite');
  await tx.objectStore('queue').put(scan);
  await tx.objectStore('codes').put({ list: scan.list, hash, inside: scan.direction === 'in' });
  await tx.done;
}

/** An event's queued scans, oldest first. */
export async function pendingScans(key: ListKey): Promise<QueuedScan[]> {
  const rows = await (await open()).getAllFromIndex('queue', 'by-list', key);
  return rows.sort((a, b) => a.scanned_at.localeCompare(b.scanned_at));
}

export async function removeScans(ids: string[]): Promise<void> {
  const d = await open();
  const tx = d.transaction('queue', 'readwrite');
  await Promise.all(ids.map((id) => tx.store.delete(id)));
  await tx.done;
}
