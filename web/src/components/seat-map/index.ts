export { SeatMap, type SeatInfo, type SeatMapProps, type SeatMapSection, type SeatPosition } from './seat-map';
export { SeatLegend } from './seat-legend';
export { SEAT_STATE_STYLES, SEAT_STATES, type SeatState } from './seat-states';
