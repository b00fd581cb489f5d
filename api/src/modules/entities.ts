import { AREA_ENTITY_LIST } from '.';

/**
 * The areas' entities (core adds its own): every process's data source (api, workers, cli) gets this list.
 * An area declares its entities where it is registered (api/src/modules/index.ts).
 */
export const AREA_ENTITIES = AREA_ENTITY_LIST;
