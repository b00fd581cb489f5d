/** Wire shapes, defaults and limits of the spaces manager (spec 3 §2.8, §3, §5, §9). Shared with the web app. */

/** The six section colours (spec 3 §9); a new section gets one at random. */
export const SECTION_COLORS = ['#3B82F6', '#10B981', '#F59E0B', '#EF4444', '#8B5CF6', '#EC4899'] as const;

/** A new section: 5 rows of 10 seats, at x 0 and y index × 10 (spec 3 §3, §9). */
export const SECTION_DEFAULTS = { filas: 5, asientos_por_fila: 10, posicion_x: 0, posicion_y_step: 10 } as const;

export const SPACE_LIMITS = {
  nombre: 150,
  descripcion: 2000,
  layoutConfig: 100,
  seccionNombre: 100,
  /** Spec 3 §5, §9. */
  codigo: 10,
  filasMin: 1,
  filasMax: 100,
  asientosMin: 1,
  asientosMax: 100,
  /** Not in the spec: keeps one save to one statement of reasonable size (see docs/decisions.md). */
  secciones: 50,
  capacidad: 50_000,
  pasillos: 200,
  precioMax: 99_999_999.99,
} as const;

export interface SeccionInput {
  nombre: string;
  codigo: string;
  filas: number;
  asientos_por_fila: number;
  color?: string;
  posicion_x?: number;
  posicion_y?: number;
  precio_base?: number | null;
}

export interface EspacioInput {
  nombre: string;
  descripcion?: string | null;
  layout_config?: string | null;
  pasillos?: unknown[];
  secciones: SeccionInput[];
}

export interface SeccionResponse {
  id: number;
  espacio_id: number;
  nombre: string;
  codigo: string;
  color: string;
  orden: number;
  filas: number;
  asientos_por_fila: number;
  posicion_x: number;
  posicion_y: number;
  precio_base: number | null;
  /** filas × asientos_por_fila. */
  total_asientos: number;
}

export interface EspacioResponse {
  id: number;
  nombre: string;
  descripcion: string | null;
  layout_config: string | null;
  pasillos: unknown[];
  is_active: boolean;
  secciones: SeccionResponse[];
  secciones_count: number;
  capacidad_total: number;
  /** Internal events that use this space. */
  eventos_internos_count: number;
  created_by: number | null;
  creator: { id: number; name: string } | null;
  created_at: string;
  updated_at: string;
  version: string;
}
