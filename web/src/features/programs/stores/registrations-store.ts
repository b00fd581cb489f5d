/**
 * The registrations modal (spec 3 §2.6): one program's registrations, loaded when the modal opens and
 * kept current by the pushes of room 'program:{id}'.
 */
import { proxy } from 'valtio';
import type { ProgramRegistrationResponse } from '@shared/contracts/programs.contract';
import { createLatest } from '../../../lib/loader';
import { upsertById } from '../../../lib/list';

export const registrationsState = proxy<{
  programaId: number | null;
  registrations: ProgramRegistrationResponse[];
  loading: boolean;
  loaded: boolean;
  error: string | null;
}>({ programaId: null, registrations: [], loading: false, loaded: false, error: null });

const latest = createLatest();

export function resetRegistrations(programaId: number | null): void {
  latest.invalidate();
  registrationsState.programaId = programaId;
  registrationsState.registrations = [];
  registrationsState.loading = false;
  registrationsState.loaded = false;
  registrationsState.error = null;
}

export async function loadRegistrations(
  programaId: number,
  fetcher: (id: number) => Promise<{ registrations: ProgramRegistrationResponse[] }>,
  options: { silent?: boolean } = {},
): Promise<void> {
  const current = latest.begin();
  if (!options.silent) registrationsState.loading = true;
  try {
    const { registrations } = await fetcher(programaId);
    if (!current() || registrationsState.programaId !== programaId) return;
    registrationsState.registrations = registrations;
    registrationsState.error = null;
    registrationsState.loaded = true;
  } catch (error) {
    if (current() && !options.silent) registrationsState.error = 'No se pudieron cargar los registros';
    throw error;
  } finally {
    if (current()) registrationsState.loading = false;
  }
}

/** Adds (newest first) or replaces a registration of the open program. */
export function upsertRegistration(programaId: number, registration: ProgramRegistrationResponse): void {
  if (registrationsState.programaId !== programaId) return;
  upsertById(registrationsState.registrations, registration, 'start');
}
