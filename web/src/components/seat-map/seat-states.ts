/**
 * How each seat state looks (spec 2 §4 "Seat colours"): a colour AND a mark, so colour is never the
 * only signal. The legend, the canvas and the announcements read this one table.
 */
export const SEAT_STATES = ['available', 'selected', 'pendiente', 'confirmado', 'asistio', 'assigned', 'unregistered'] as const;
export type SeatState = (typeof SEAT_STATES)[number];

/** none: plain seat; ring: thick inner ring; stripe: diagonal stripe; check: tick; dot: centre dot; bar: horizontal bar; cross: ×. */
export type SeatMark = 'none' | 'ring' | 'stripe' | 'check' | 'dot' | 'bar' | 'cross';

export interface SeatStateStyle {
  label: string;
  fill: string;
  /** Colour of the mark and of the seat number drawn on the fill. */
  ink: string;
  mark: SeatMark;
}

export const SEAT_STATE_STYLES: Record<SeatState, SeatStateStyle> = {
  available: { label: 'Disponible', fill: '#D1D5DB', ink: '#1F2328', mark: 'none' },
  selected: { label: 'Seleccionado', fill: '#2563EB', ink: '#FFFFFF', mark: 'ring' },
  pendiente: { label: 'Pendiente', fill: '#FACC15', ink: '#1F2328', mark: 'stripe' },
  confirmado: { label: 'Confirmado', fill: '#16A34A', ink: '#FFFFFF', mark: 'check' },
  asistio: { label: 'Asistió', fill: '#7C3AED', ink: '#FFFFFF', mark: 'dot' },
  assigned: { label: 'Asignado', fill: '#15803D', ink: '#FFFFFF', mark: 'bar' },
  unregistered: { label: 'No registrado', fill: '#F3F4F6', ink: '#6B7280', mark: 'cross' },
};
