/**
 * Lookup data of the person form and the filters (spec 3 §3): the five catalogues, the cities of
 * Nuevo León, the states and the address defaults. catalogue.added pushes add new values in place.
 */
import { proxy } from 'valtio';
import type { CatalogueItem, CatalogueType, LookupData } from '@shared/contracts/personas.contract';
import { createLatest, loadLatest } from '../../../lib/loader';
import { CATALOGUE_LISTS } from '../persona-labels';
import { getLookupData } from '../api/get-lookup-data';
import { handleAccessError } from './personas-store';

export const lookupState = proxy<{ data: LookupData | null; failed: boolean }>({ data: null, failed: false });

const latest = createLatest();

const byName = (a: CatalogueItem, b: CatalogueItem) => a.nombre.localeCompare(b.nombre, 'es', { sensitivity: 'base' });

export function loadLookupData(): Promise<void> {
  return loadLatest(latest, getLookupData, {
    data(data) {
      lookupState.data = data;
      lookupState.failed = false;
    },
    error(error) {
      if (handleAccessError(error)) return;
      // The form still opens with the values it has.
      lookupState.failed = lookupState.data === null;
    },
  });
}

/** A value added here or elsewhere (answer of lookup-value, catalogue.added push): kept once, in name order. */
export function addCatalogueItem(type: CatalogueType, item: CatalogueItem): void {
  const data = lookupState.data;
  if (!data) return;
  const list = data[CATALOGUE_LISTS[type]];
  if (list.some((existing) => existing.id === item.id)) return;
  list.push(item);
  list.sort(byName);
}
