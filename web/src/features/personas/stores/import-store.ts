/**
 * The CSV import being followed on this screen (spec 3 §2.5, §4). Its progress is the worker's real
 * progress, pushed as import.progress; a GET is only the fallback right after the upload, when the
 * screen opens and after a reconnect. The import goes on when the modal closes or the page reloads.
 */
import { proxy } from 'valtio';
import type { ImportStatus, PersonaImportResponse } from '@shared/contracts/personas.contract';
import { toast } from '../../../lib/toast';
import { getImport } from '../api/get-import';
import { getRecentImports } from '../api/get-recent-imports';
import { formatCount } from '../persona-labels';
import { handleAccessError, schedulePersonasRefresh } from './personas-store';

export const importState = proxy<{
  current: PersonaImportResponse | null;
  modalOpen: boolean;
  /** The followed import ended while the modal was closed: the page offers its result. */
  unseenResult: boolean;
}>({ current: null, modalOpen: false, unseenResult: false });

/** Imports uploaded from this tab (their end is announced with a toast when the modal is closed). */
const startedHere = new Set<string>();
/**
 * The latest state seen of recent imports, followed or not: a fast import can push its end before
 * this tab's upload answer (202) arrives, and that push must not be lost.
 */
const latestSeen = new Map<string, PersonaImportResponse>();
const LATEST_SEEN_LIMIT = 20;

function remember(item: PersonaImportResponse): PersonaImportResponse {
  const known = latestSeen.get(item.import_id);
  if (known && !isNewer(item, known)) return known;
  latestSeen.delete(item.import_id);
  latestSeen.set(item.import_id, item);
  if (latestSeen.size > LATEST_SEEN_LIMIT) latestSeen.delete(latestSeen.keys().next().value as string);
  return item;
}

export function isRunning(item: Pick<PersonaImportResponse, 'status'> | null | undefined): boolean {
  return item?.status === 'queued' || item?.status === 'processing';
}

const STAGE: Record<ImportStatus, number> = { queued: 0, processing: 1, completed: 2, failed: 2 };

/** Pushes and GET answers may cross: never step back in status or progress. */
function isNewer(next: PersonaImportResponse, prev: PersonaImportResponse): boolean {
  if (STAGE[next.status] !== STAGE[prev.status]) return STAGE[next.status] > STAGE[prev.status];
  return next.progress >= prev.progress;
}

function announceEnd(item: PersonaImportResponse): void {
  if (importState.modalOpen) return;
  importState.unseenResult = true;
  if (!startedHere.has(item.import_id)) return;
  if (item.status === 'completed') {
    toast.success(`Importación completada: ${formatCount(item.imported)} personas importadas`);
  } else {
    toast.error(item.message || 'Error al importar el archivo CSV');
  }
}

/**
 * Applies a state of an import (push or GET). The followed import is updated; with none followed (or
 * a finished one, modal closed), a running import — this tab's or a colleague's — is picked up.
 */
export function applyImport(update: PersonaImportResponse): void {
  const next = remember(update);
  const current = importState.current;
  if (current && current.import_id === next.import_id) {
    if (!isNewer(next, current)) return;
    importState.current = next;
    if (isRunning(current) && !isRunning(next)) {
      schedulePersonasRefresh(); // (a failed import may have written some batches too)
      announceEnd(next);
    }
    return;
  }
  if (!isRunning(next)) return;
  if (current && (isRunning(current) || importState.modalOpen || importState.unseenResult)) return;
  importState.current = next;
}

/** The 202 answer of this tab's upload: from now on this import is the one followed. */
export function trackUpload(started: PersonaImportResponse): void {
  startedHere.add(started.import_id);
  importState.unseenResult = false;
  const known = remember(started);
  if (importState.current?.import_id !== started.import_id) importState.current = known;
  else applyImport(known);
  if (isRunning(importState.current)) void refreshImport(started.import_id);
}

/** GET one import (fallback for pushes missed before the room saw them). */
export async function refreshImport(importId: string): Promise<void> {
  try {
    applyImport(await getImport(importId));
  } catch {
    // The next push (or reconnect) brings it.
  }
}

/** Screen opened or socket reconnected: the followed import's state, or a running one to show again. */
export async function syncImports(): Promise<void> {
  const current = importState.current;
  if (current && isRunning(current)) {
    await refreshImport(current.import_id);
    if (isRunning(importState.current)) return;
  }
  try {
    const { imports } = await getRecentImports();
    const running = imports.find((item) => isRunning(item));
    if (running) applyImport(running);
  } catch (error) {
    // Nothing to show again; pushes still arrive.
    handleAccessError(error);
  }
}

export function openImportModal(): void {
  importState.modalOpen = true;
  importState.unseenResult = false;
}

/** Closing keeps a running import followed (the page shows its progress); a finished one is let go. */
export function closeImportModal(): void {
  importState.modalOpen = false;
  if (importState.current && !isRunning(importState.current)) {
    importState.current = null;
    importState.unseenResult = false;
  }
}

export function dismissImportResult(): void {
  importState.unseenResult = false;
  if (importState.current && !isRunning(importState.current)) importState.current = null;
}

/** Leaving the screen: forget what was followed (it is found again through GET on return). */
export function resetImports(): void {
  importState.current = null;
  importState.modalOpen = false;
  importState.unseenResult = false;
}
