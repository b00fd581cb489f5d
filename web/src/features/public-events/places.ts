/** Places of a public event (spec 1 §2.8, §4, §9). */
import type { ProgressTone } from '../../components/ui/progress-bar';
import { LAST_PLACES_FROM_PERCENT, PLACES_BAR_BLUE_FROM, PLACES_BAR_RED_AT, PLACES_BAR_YELLOW_FROM } from '../../lib/constants';

/** Available places = max − current; 0 or less means full. */
export function placesLeft(event: { max_attendees: number; current_attendees: number }): number {
  return Math.max(0, event.max_attendees - event.current_attendees);
}

export function isFull(event: { max_attendees: number; current_attendees: number }): boolean {
  return event.current_attendees >= event.max_attendees;
}

/** current / max as a percentage, capped at 100 (not rounded: the thresholds compare the real value). */
export function placesPercent(event: { max_attendees: number; current_attendees: number }): number {
  if (!event.max_attendees || event.max_attendees <= 0) return 100;
  return Math.min(100, (event.current_attendees / event.max_attendees) * 100);
}

/** Landing colours: green below 50, blue from 50, yellow from 80, red at 100. */
export function placesTone(percent: number): ProgressTone {
  if (percent >= PLACES_BAR_RED_AT) return 'red';
  if (percent >= PLACES_BAR_YELLOW_FROM) return 'yellow';
  if (percent >= PLACES_BAR_BLUE_FROM) return 'blue';
  return 'green';
}

/** 'Lleno' when current >= max; 'Últimos lugares' from 80% up to below 100%. */
export function placesBadge(event: { max_attendees: number; current_attendees: number }): 'Lleno' | 'Últimos lugares' | null {
  if (isFull(event)) return 'Lleno';
  return placesPercent(event) >= LAST_PLACES_FROM_PERCENT ? 'Últimos lugares' : null;
}

export function placesLeftText(left: number): string {
  if (left <= 0) return 'Sin lugares disponibles';
  return left === 1 ? '1 lugar disponible' : `${left} lugares disponibles`;
}
