import type { Confirmacion, EstadoEventoInterno, TipoEventoInterno } from '@shared/contracts/internal-events.contract';

export const TIPO_LABELS: Record<TipoEventoInterno, string> = {
  reunion: 'Reunión',
  presentacion: 'Presentación',
  conferencia: 'Conferencia',
  taller: 'Taller',
  otro: 'Otro',
};

export const ESTADO_LABELS: Record<EstadoEventoInterno, string> = {
  borrador: 'Borrador',
  confirmado: 'Confirmado',
  cancelado: 'Cancelado',
  completado: 'Completado',
};

export const CONFIRMACION_LABELS: Record<Confirmacion, string> = {
  pendiente: 'Pendiente',
  confirmado: 'Confirmado',
  rechazado: 'Rechazado',
  asistio: 'Asistió',
  no_asistio: 'No asistió',
};
