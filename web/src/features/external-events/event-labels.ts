/** Spanish labels and the percentage rules of the administration screens (spec 1 §4, §9). */
import type { ExternalEventStatus, ExternalRegistrationResponse, RegistrationStatus } from '@shared/contracts/external-events.contract';
import type { ProgressTone } from '../../components/ui/progress-bar';
import { ATTENDANCE_BAR_BLUE_FROM, ATTENDANCE_BAR_RED_FROM, ATTENDANCE_BAR_YELLOW_FROM } from '../../lib/constants';

export const EVENT_STATUS_LABELS: Record<ExternalEventStatus, string> = {
  draft: 'Borrador',
  published: 'Publicado',
  cancelled: 'Cancelado',
  completed: 'Completado',
};

export const REGISTRATION_STATUS_LABELS: Record<RegistrationStatus, string> = {
  registered: 'Registrado',
  attended: 'Asistió',
  no_show: 'No Asistió',
  cancelled: 'Cancelado',
};

/** % attendance of the table: current / max, rounded, capped at 100 (0 without capacity). */
export function attendancePercent(current: number, max: number): number {
  if (!max || max <= 0) return 0;
  return Math.min(100, Math.round((current / max) * 100));
}

/** Green below 50, blue from 50, yellow from 70, red from 90. */
export function attendanceTone(percent: number): ProgressTone {
  if (percent >= ATTENDANCE_BAR_RED_FROM) return 'red';
  if (percent >= ATTENDANCE_BAR_YELLOW_FROM) return 'yellow';
  if (percent >= ATTENDANCE_BAR_BLUE_FROM) return 'blue';
  return 'green';
}

export function fullName(registration: Pick<ExternalRegistrationResponse, 'nombre' | 'apellido_paterno' | 'apellido_materno'>): string {
  return [registration.nombre, registration.apellido_paterno, registration.apellido_materno]
    .map((part) => (part ?? '').trim())
    .filter(Boolean)
    .join(' ');
}

/** Lower case without accents: the board's search ignores both. */
export function foldForSearch(text: string | null | undefined): string {
  return (text ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}
