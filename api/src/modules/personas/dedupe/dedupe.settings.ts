import { defineSettings } from '@core/config/app-config';
import { readInt } from '@core/config/env-readers';

export interface DedupeSettings {
  /** PERSONAS_DUPLICATE_MIN_SCORE: the least score (0–100) a pair needs to be listed as a possible duplicate. */
  personasDuplicateMinScore: number;
  /**
   * PERSONAS_DUPLICATE_BLOCK_MAX: a name key shared by more people than this is too common to tell anyone apart
   * ('JOSE LUIS', 'HERNANDES MARIA') and is not compared on its own; the pair still meets through a rarer key, the
   * phone or the e-mail (docs/decisions/personas.md).
   */
  personasDuplicateBlockMax: number;
}

export const DEDUPE_SETTINGS = defineSettings<DedupeSettings>((env) => ({
  personasDuplicateMinScore: readInt(env, 'PERSONAS_DUPLICATE_MIN_SCORE', 50, 1, 100),
  personasDuplicateBlockMax: readInt(env, 'PERSONAS_DUPLICATE_BLOCK_MAX', 50, 2, 1000),
}));
