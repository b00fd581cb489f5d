/**
 * Retention (conservación de datos; docs/decisions/privacidad-conservacion.md): what each area keeps and
 * for how long, the dry run staff read first, and the record of each run.
 */

/** What retention acts on, one key per kind of record (the counts of a run are keyed by these). */
export const RETENTION_KINDS = [
  'registros_eventos',
  'lista_espera_eventos',
  'solicitudes_programas',
  'lista_espera_programas',
  'cuerpos_correos',
  'archivos_importacion',
  'filas_importacion',
] as const;
export type RetentionKind = (typeof RETENTION_KINDS)[number];

export type RetentionAction = 'anonimizar' | 'purgar' | 'eliminar';
export const RETENTION_ACTION_LABELS: Record<RetentionAction, string> = {
  anonimizar: 'Anonimizar',
  purgar: 'Purgar contenido',
  eliminar: 'Eliminar archivo',
};

/** One line of the dry run: how many records of a kind are past their period right now. */
export interface RetentionItem {
  clave: RetentionKind;
  area: string;
  datos: string;
  accion: RetentionAction;
  /** The period in words ('12 meses después de que termina el evento'). */
  plazo: string;
  /** Records from before this instant (ISO) are past it. */
  corte: string;
  pendientes: number;
}

export type RetentionOrigin = 'programada' | 'manual';

/** One run that changed something (scheduled) or that staff started (always). */
export interface RetentionRunResponse {
  id: number;
  origen: RetentionOrigin;
  usuario: { id: number; name: string } | null;
  conteos: Record<RetentionKind, number>;
  total: number;
  created_at: string;
}

/** GET /api/privacidad/conservacion: the dry run (nothing changes) and the latest runs. */
export interface RetentionReport {
  generado_at: string;
  elementos: RetentionItem[];
  total: number;
  ejecuciones: RetentionRunResponse[];
}

/** POST /api/privacidad/conservacion/ejecutar. */
export interface RetentionRunAnswer {
  message: string;
  ejecucion: RetentionRunResponse;
}

/** How often the workers run retention (one job scheduler per cluster); how many runs the screen lists. */
export const RETENTION_SWEEP_EVERY_MS = 60 * 60 * 1000;
export const RETENTION_RUNS_LISTED = 10;
