import type { CatalogueItem, CatalogueType } from '@shared/contracts/personas.contract';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/personas/lookup-value { type, nombre } → { item, created } (an existing value is answered as is). */
export function addLookupValue(type: CatalogueType, nombre: string): Promise<{ item: CatalogueItem; created: boolean }> {
  return apiRequest<{ item: CatalogueItem; created: boolean }>('/api/personas/lookup-value', { method: 'POST', body: { type, nombre } });
}
