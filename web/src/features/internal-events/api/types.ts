import type { EstadoEventoInterno, TipoEventoInterno } from '@shared/contracts/internal-events.contract';

/** The create/edit payload of spec 2 §7. */
export interface InternalEventPayload {
  titulo: string;
  descripcion: string | null;
  fecha_evento: string;
  fecha_fin: string | null;
  ubicacion: string | null;
  tipo: TipoEventoInterno;
  estado: EstadoEventoInterno;
  notas?: string[];
  espacio_id?: number | null;
}

export interface EspacioActivo {
  id: number;
  nombre: string;
  capacidad_total: number;
}
