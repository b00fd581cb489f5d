/**
 * The people list of spec 3 §2.1: one server page (10 people) for the current filters, and the stats
 * cards. Loaded on entry and when a filter or the page changes; refetched (debounced) when
 * personas.changed arrives and after a reconnect. Errors follow spec 3 §8.
 */
import { proxy } from 'valtio';
import type { PersonaResponse, PersonasStats } from '@shared/contracts/personas.contract';
import { ApiError } from '../../../lib/api-client';
import { endSessionAndGoToLogin } from '../../../lib/auth';
import { PERSONAS_LIVE_REFRESH_MS } from '../../../lib/constants';
import { createLatest, loadLatest } from '../../../lib/loader';
import { navigateTo } from '../../../lib/navigation';
import { toast } from '../../../lib/toast';
import { getPersonaStats } from '../api/get-persona-stats';
import { getPersonas } from '../api/get-personas';
import type { PersonasQuery } from '../api/types';

export type PersonasFilters = Omit<PersonasQuery, 'page'>;

const EMPTY_FILTERS: PersonasFilters = { search: '', sector_id: '', empresa_id: '', completeness_level: '' };

export const SESSION_EXPIRED_MESSAGE = 'Sesión expirada. Por favor, inicia sesión nuevamente.';

export const personasState = proxy<{
  query: PersonasQuery;
  personas: PersonaResponse[];
  currentPage: number;
  lastPage: number;
  total: number;
  loading: boolean;
  loaded: boolean;
  stats: PersonasStats | null;
}>({
  query: { page: 1, ...EMPTY_FILTERS },
  personas: [],
  currentPage: 1,
  lastPage: 1,
  total: 0,
  loading: false,
  loaded: false,
  stats: null,
});

const listLatest = createLatest();
const statsLatest = createLatest();
let refreshTimer: number | undefined;
/** Set once a 401/403 sent the browser away: later answers of the same screen stay quiet. */
let leaving = false;

/** The screen opens: access errors may be reported again. */
export function startPersonasScreen(): void {
  leaving = false;
}

/**
 * The screen closes: the next visit starts on the first page with no filters. `leaving` stays as it is,
 * so answers still arriving after a 401/403 sent the browser away do not alert again.
 */
export function resetPersonasScreen(): void {
  listLatest.invalidate();
  statsLatest.invalidate();
  window.clearTimeout(refreshTimer);
  personasState.query = { page: 1, ...EMPTY_FILTERS };
  personasState.personas = [];
  personasState.currentPage = 1;
  personasState.lastPage = 1;
  personasState.total = 0;
  personasState.loading = false;
  personasState.loaded = false;
  personasState.stats = null;
}

/**
 * The screen's calls leave 401 and 403 to this one place (spec 3 §8): 401 alerts 'Sesión expirada…' and
 * goes to /login; 403 (no view permission) goes back to /dashboard. Answers whether it handled the error.
 */
export function handleAccessError(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.status === 401) {
    if (!leaving) {
      leaving = true;
      window.alert(SESSION_EXPIRED_MESSAGE);
      endSessionAndGoToLogin();
    }
    return true;
  }
  if (error.status === 403) {
    if (!leaving) {
      leaving = true;
      toast.error(error.serverMessage || 'No tienes permisos para ver la Base de Personas');
      navigateTo('/dashboard', { replace: true });
    }
    return true;
  }
  return false;
}

function describe(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.serverMessage) return error.serverMessage;
    if (error.status === 0) return 'No se pudo conectar con el servidor';
  }
  return error instanceof Error ? error.message : String(error);
}

/**
 * Loads the current page. `silent` (live refetch, reconnect) keeps the table on screen and does not
 * alert on failure; a normal load alerts 'Error al cargar personas: …' and empties the list.
 */
export function loadPersonas(options: { silent?: boolean } = {}): Promise<void> {
  if (!options.silent) personasState.loading = true;
  let again = false;
  return loadLatest(listLatest, () => getPersonas({ ...personasState.query }), {
    data(page) {
      // The page may have emptied (last person of the last page deleted elsewhere): go to the new last page.
      if (page.data.length === 0 && page.last_page >= 1 && personasState.query.page > page.last_page) {
        personasState.query.page = page.last_page;
        again = true;
        return;
      }
      personasState.personas = page.data;
      personasState.currentPage = page.current_page;
      personasState.lastPage = Math.max(1, page.last_page);
      personasState.total = page.total;
      personasState.loaded = true;
    },
    error(error) {
      if (handleAccessError(error)) return;
      // A silent refetch keeps what is on screen; but if nothing was ever shown (the first load was
      // overtaken by a reconnect refetch), this failure is the one the person must hear about.
      if (options.silent && personasState.loaded) return;
      window.alert(`Error al cargar personas: ${describe(error)}`);
      personasState.personas = [];
      personasState.currentPage = 1;
      personasState.lastPage = 1;
      personasState.total = 0;
      personasState.loaded = true;
    },
    settled() {
      if (again) void loadPersonas(options);
      else personasState.loading = false;
    },
  });
}

/** The four stat cards. Failures keep the last figures (the list reports errors). */
export function loadPersonaStats(): Promise<void> {
  return loadLatest(statsLatest, getPersonaStats, {
    data(stats) {
      personasState.stats = stats;
    },
    error(error) {
      handleAccessError(error);
    },
  });
}

export function setPersonasFilter<K extends keyof PersonasFilters>(key: K, value: PersonasFilters[K]): void {
  const query: PersonasFilters = personasState.query;
  if (query[key] === value) return;
  query[key] = value;
  personasState.query.page = 1;
  void loadPersonas();
}

export function clearPersonasFilters(): void {
  personasState.query = { page: 1, ...EMPTY_FILTERS };
  void loadPersonas();
}

export function goToPersonasPage(page: number): void {
  const next = Math.min(Math.max(1, page), personasState.lastPage);
  if (next === personasState.query.page && personasState.currentPage === next) return;
  personasState.query.page = next;
  void loadPersonas();
}

/** Page and stats again, now (after this tab's own save or delete). */
export function refreshPersonas(): void {
  window.clearTimeout(refreshTimer);
  void loadPersonas({ silent: true });
  void loadPersonaStats();
}

/** personas.changed: bursts (an import, several editors) are coalesced into one refetch. */
export function schedulePersonasRefresh(): void {
  window.clearTimeout(refreshTimer);
  refreshTimer = window.setTimeout(refreshPersonas, PERSONAS_LIVE_REFRESH_MS);
}

export function cancelPersonasRefresh(): void {
  window.clearTimeout(refreshTimer);
}
