/**
 * The registrations modal (spec 3 §2.6): one program's registrations, loaded when the modal opens and
 * kept current by the pushes of room 'program:{id}'.
 */
import { proxy } from 'valtio';
import type { ProgramRegistrationResponse } from '@shared/contracts/programs.contract';
import { createLatest, loadOrThrow } from '../../../lib/loader';
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
  await loadOrThrow(
    latest,
    registrationsState,
    () => fetcher(programaId),
    ({ registrations }) => {
      if (registrationsState.programaId !== programaId) return false;
      registrationsState.registrations = registrations;
    },
    'No se pudieron cargar los registros',
    options,
  );
}

/** Adds (newest first) or replaces a registration of the open program. */
export function upsertRegistration(programaId: number, registration: ProgramRegistrationResponse): void {
  if (registrationsState.programaId !== programaId) return;
  upsertById(registrationsState.registrations, registration, 'start');
}
