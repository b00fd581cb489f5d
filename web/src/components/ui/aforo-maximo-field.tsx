import { AFORO_MAXIMO_MAX } from '../../lib/constants';
import { WholeNumberField } from './field';

/** The form's text for a stored limit ('' for none). */
export const aforoMaximoInput = (value: number | null | undefined): string => (value ? String(value) : '');

/** What the form sends: a whole number, or null (none; on edit, clearing the field removes the limit). */
export const aforoMaximoValue = (value: string): number | null => (value.trim() === '' ? null : Number(value));

/** The server's words for a bad limit, before anything is sent (empty is fine: the field is optional). */
export function aforoMaximoProblem(value: string): string | null {
  if (value.trim() === '') return null;
  const n = Number(value);
  if (!Number.isInteger(n)) return 'El aforo máximo del recinto debe ser un número entero.';
  if (n < 1) return 'El aforo máximo del recinto debe ser al menos 1.';
  if (n > AFORO_MAXIMO_MAX) return `El aforo máximo del recinto no debe ser mayor que ${AFORO_MAXIMO_MAX.toLocaleString('es-MX')}.`;
  return null;
}

/**
 * 'Aforo máximo del recinto': the venue's safety limit for the door, optional, in the create and edit
 * forms of both kinds of event. Distinct from how many may register: its hint says so.
 */
export function AforoMaximoField({
  id,
  value,
  errors,
  onValueChange,
}: {
  id: string;
  value: string;
  errors?: readonly string[];
  onValueChange: (value: string) => void;
}) {
  return (
    <WholeNumberField
      id={id}
      label="Aforo máximo del recinto (opcional)"
      hint="Límite de seguridad del lugar (p. ej., el que fijó Protección Civil), distinto del cupo de registro: el personal recibe alarmas al acercarse y, al llegar, la puerta deja de admitir. Vacío: sin límite."
      value={value}
      errors={errors}
      onValueChange={onValueChange}
      min={1}
      max={AFORO_MAXIMO_MAX}
      data-testid={id}
    />
  );
}
