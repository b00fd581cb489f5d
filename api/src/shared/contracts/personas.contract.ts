/** Wire shapes of the people database (pure types, shared with the web app). */
import type { CompletenessLevel } from '../rules/persona-rules';

export type { CompletenessLevel };

export const CATALOGUE_TYPES = ['profesion', 'sector', 'empresa', 'puesto', 'zona'] as const;
export type CatalogueType = (typeof CATALOGUE_TYPES)[number];

/** A person's main address, field by field. */
export const PERSONA_MAIN_ADDRESS = [
  'direccion_calle',
  'direccion_numero',
  'direccion_colonia',
  'direccion_ciudad',
  'direccion_estado',
] as const;
/** Their other address, field for field as the main one (a merge moves an address as a whole). */
export const PERSONA_ALT_ADDRESS = [
  'direccion_alterna_calle',
  'direccion_alterna_numero',
  'direccion_alterna_colonia',
  'direccion_alterna_ciudad',
  'direccion_alterna_estado',
] as const;

/** The writable fields of a person (spec 3 §3), in one place: the API's columns and the web form's fields. */
export const PERSONA_FIELDS = [
  'profesion_id',
  'nombre',
  'apellido_paterno',
  'apellido_materno',
  'fecha_nacimiento',
  'sector_id',
  'empresa_id',
  'puesto_id',
  'particular_asistente',
  'telefono_oficina',
  'extension_oficina',
  'telefono_celular',
  'correo_electronico',
  ...PERSONA_MAIN_ADDRESS,
  ...PERSONA_ALT_ADDRESS,
  'zona_id',
  'invita',
] as const;
export type PersonaField = (typeof PERSONA_FIELDS)[number];

/** Each catalogue's field on a person. */
export const PERSONA_CATALOGUE_FIELDS = {
  profesion: 'profesion_id',
  sector: 'sector_id',
  empresa: 'empresa_id',
  puesto: 'puesto_id',
  zona: 'zona_id',
} as const satisfies Record<CatalogueType, PersonaField>;

export interface CatalogueItem {
  id: number;
  nombre: string;
}

export interface PersonaResponse {
  id: number;
  profesion_id: number | null;
  nombre: string;
  apellido_paterno: string;
  apellido_materno: string;
  nombre_completo: string;
  fecha_nacimiento: string | null;
  sector_id: number | null;
  empresa_id: number | null;
  puesto_id: number | null;
  particular_asistente: string | null;
  telefono_oficina: string | null;
  extension_oficina: string | null;
  telefono_celular: string | null;
  correo_electronico: string | null;
  direccion_calle: string | null;
  direccion_numero: string | null;
  direccion_colonia: string | null;
  direccion_ciudad: string | null;
  direccion_estado: string | null;
  direccion_alterna_calle: string | null;
  direccion_alterna_numero: string | null;
  direccion_alterna_colonia: string | null;
  direccion_alterna_ciudad: string | null;
  direccion_alterna_estado: string | null;
  zona_id: number | null;
  invita: string | null;
  profesion: CatalogueItem | null;
  sector: CatalogueItem | null;
  empresa: CatalogueItem | null;
  puesto: CatalogueItem | null;
  zona: CatalogueItem | null;
  completeness_level: CompletenessLevel;
  /** What is still missing for the next completeness level (Spanish labels). */
  missing_fields: string[];
  created_at: string;
  updated_at: string;
}

export interface PersonasPage {
  data: PersonaResponse[];
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
}

export interface PersonasStats {
  total: number;
  green: number;
  orange: number;
  red: number;
  greenPercent: number;
  orangePercent: number;
  redPercent: number;
}

export interface LookupData {
  profesiones: CatalogueItem[];
  sectores: CatalogueItem[];
  empresas: CatalogueItem[];
  puestos: CatalogueItem[];
  zonas: CatalogueItem[];
  /** The 51 municipalities of Nuevo León and the 32 Mexican states, upper case. */
  ciudades: string[];
  estados: string[];
  /** Defaults of the main address: the configured municipality and NUEVO LEÓN. */
  default_ciudad: string;
  default_estado: string;
}

export type ImportStatus = 'queued' | 'processing' | 'completed' | 'failed';

export interface ImportRowError {
  row: number;
  message: string;
}

export interface PersonaImportResponse {
  import_id: string;
  status: ImportStatus;
  progress: number;
  file_name: string;
  processed: number;
  imported: number;
  /** Duplicates not created: of an earlier row of the file, or certainly of a stored person. */
  skipped: number;
  /** Rows that probably are a stored person: not created, waiting in the review list. */
  por_revisar: number;
  total: number | null;
  errors: ImportRowError[];
  errors_count: number;
  message: string | null;
  created_at: string;
  finished_at: string | null;
}

/** One side of a possible duplicate: what a staff member needs to tell two records apart. */
export interface DuplicatePersona {
  id: number;
  nombre_completo: string;
  fecha_nacimiento: string | null;
  telefono_celular: string | null;
  telefono_oficina: string | null;
  correo_electronico: string | null;
  empresa: string | null;
  puesto: string | null;
  completeness_level: CompletenessLevel;
  created_at: string;
}

/** A pair of people that may be one, with its score (0–100) and why, in Spanish ('mismo celular'…). */
export interface DuplicatePair {
  personas: [DuplicatePersona, DuplicatePersona];
  score: number;
  reasons: string[];
}

/** A row of a CSV import that matched a stored person: skipped ('omitida') or waiting for review ('revision'). */
export interface ImportDuplicateRow {
  fila: number;
  tipo: 'omitida' | 'revision';
  nombre_completo: string;
  telefono_celular: string | null;
  /** The stored person it matches (null if deleted since). */
  persona: DuplicatePersona | null;
  score: number;
  reasons: string[];
  estado: 'pendiente' | 'creada' | 'descartada';
  /** The person created from the row, once 'creada'. */
  creada_id: number | null;
}

export interface ImportDuplicates {
  import_id: string;
  omitidas: ImportDuplicateRow[];
  por_revisar: ImportDuplicateRow[];
}

export interface DuplicatesPage {
  data: DuplicatePair[];
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
  /** The least score listed (the setting). */
  min_score: number;
}

/** The most people one merge folds into its survivor. */
export const MERGE_MAX_PEOPLE = 20;

/**
 * POST /api/personas/fusiones: the person who stays, the people folded into it, and per field whose value wins (the
 * id of one of them). A field left out keeps the survivor's value, or the first non-empty one of the others.
 */
export interface MergeRequest {
  sobreviviente_id: number;
  fusionar_ids: number[];
  campos?: Partial<Record<PersonaField, number>>;
}

/** What a merge moved to the survivor. */
export interface MergeMoved {
  /** Internal-event invitations now the survivor's (with their codes, confirmations and seats). */
  invitaciones: number;
  /** Invitations released because the survivor (or another merged person) held a better one to the same event. */
  invitaciones_liberadas: number;
  /** Seats that moved with their invitation. */
  asientos: number;
  /** Import review rows that pointed at a merged person. */
  filas_importacion: number;
  /** Audit entries about a merged person, now about the survivor. */
  bitacora: number;
}

export interface MergeResponse {
  id: string;
  sobreviviente_id: number;
  fusionar_ids: number[];
  campos: Partial<Record<PersonaField, number>>;
  movidos: MergeMoved;
  created_at: string;
  deshecha_at: string | null;
}
