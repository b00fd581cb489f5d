/** Places of a public event (spec 1 §2.8, §4, §9). */
import type { ProgressTone } from '../../components/ui/progress-bar';
import { LAST_PLACES_FROM_PERCENT, PLACES_BAR_BLUE_FROM, PLACES_BAR_RED_AT, PLACES_BAR_YELLOW_FROM } from '../../lib/constants';

/** Places: the capacity, the registrations and the places held for the waitlist's offers (taken for everyone else). */
type Places = { max_attendees: number; current_attendees: number; held_places?: number };

const taken = (event: Places) => event.current_attendees + (event.held_places ?? 0);

/** Available places = max − current − held; 0 or less means full. */
export function placesLeft(event: Places): number {
  return Math.max(0, event.max_attendees - taken(event));
}

export function isFull(event: Places): boolean {
  return taken(event) >= event.max_attendees;
}

/** taken / max as a percentage, capped at 100 (not rounded: the thresholds compare the real value). */
export function placesPercent(event: Places): number {
  if (!event.max_attendees || event.max_attendees <= 0) return 100;
  return Math.min(100, (taken(event) / event.max_attendees) * 100);
}

/** Landing colours: green below 50, blue from 50, yellow from 80, red at 100. */
export function placesTone(percent: number): ProgressTone {
  if (percent >= PLACES_BAR_RED_AT) return 'red';
  if (percent >= PLACES_BAR_YELLOW_FROM) return 'yellow';
  if (percent >= PLACES_BAR_BLUE_FROM) return 'blue';
  return 'green';
}

/** 'Lleno' when current (+ held) >= max; 'Últimos lugares' from 80% up to below 100%. */
export function placesBadge(event: Places): 'Lleno' | 'Últimos lugares' | null {
  if (isFull(event)) return 'Lleno';
  return placesPercent(event) >= LAST_PLACES_FROM_PERCENT ? 'Últimos lugares' : null;
}

export function placesLeftText(left: number): string {
  if (left <= 0) return 'Sin lugares disponibles';
  return left === 1 ? '1 lugar disponible' : `${left} lugares disponibles`;
}
