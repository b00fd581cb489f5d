import type { ValidationError } from 'class-validator';

/** Spanish messages for class-validator constraints, so DTOs need no per-decorator message. */
export const MESSAGES: Record<string, (field: string, args: unknown[]) => string> = {
  isDefined: (f) => `El campo ${f} es obligatorio.`,
  isNotEmpty: (f) => `El campo ${f} es obligatorio.`,
  isString: (f) => `El campo ${f} debe ser texto.`,
  isEmail: (f) => `El campo ${f} debe ser un correo electrónico válido.`,
  isBoolean: (f) => `El campo ${f} debe ser verdadero o falso.`,
  isInt: (f) => `El campo ${f} debe ser un número entero.`,
  isNumber: (f) => `El campo ${f} debe ser un número.`,
  isPositive: (f) => `El campo ${f} debe ser mayor que cero.`,
  min: (f, [n]) => `El campo ${f} debe ser al menos ${String(n)}.`,
  max: (f, [n]) => `El campo ${f} no debe ser mayor que ${String(n)}.`,
  minLength: (f, [n]) => `El campo ${f} debe tener al menos ${String(n)} caracteres.`,
  maxLength: (f, [n]) => `El campo ${f} no debe tener más de ${String(n)} caracteres.`,
  length: (f, [a, b]) => `El campo ${f} debe tener entre ${String(a)} y ${String(b)} caracteres.`,
  isIn: (f) => `El valor de ${f} no es una opción válida.`,
  isEnum: (f) => `El valor de ${f} no es una opción válida.`,
  matches: (f) => `El campo ${f} no tiene el formato correcto.`,
  isDateString: (f) => `El campo ${f} debe ser una fecha válida.`,
  isISO8601: (f) => `El campo ${f} debe ser una fecha válida.`,
  isIso8601: (f) => `El campo ${f} debe ser una fecha válida.`,
  isArray: (f) => `El campo ${f} debe ser una lista.`,
  isObject: (f) => `El campo ${f} debe ser un objeto.`,
  isUUID: (f) => `El campo ${f} debe ser un identificador válido.`,
  whitelistValidation: (f) => `El campo ${f} no está permitido.`,
  nestedValidation: (f) => `El campo ${f} no es válido.`,
};

function fieldPath(parent: string, property: string): string {
  return parent ? `${parent}.${property}` : property;
}

/** Flattens class-validator errors into field → Spanish messages. */
export function toFieldErrors(errors: ValidationError[], parent = ''): Record<string, string[]> {
  const result: Record<string, string[]> = {};
  for (const error of errors) {
    const field = fieldPath(parent, error.property);
    const messages: string[] = [];
    const constraints = Object.entries(error.constraints ?? {});
    // A missing value gets only "es obligatorio", not also every format rule it fails.
    const required = constraints.filter(([c]) => c === 'isNotEmpty' || c === 'isDefined');
    for (const [constraint, original] of required.length ? required : constraints) {
      // A message written in the DTO (already Spanish) wins over the generic one.
      if (isSpanishCustom(original)) {
        messages.push(original);
        continue;
      }
      // class-validator interpolates its constraint arguments (lengths, limits) into the English text.
      const args = original.match(/\d+/g) ?? [];
      messages.push(MESSAGES[constraint]?.(field, args) ?? `El campo ${field} no es válido.`);
    }
    if (messages.length) result[field] = messages;
    if (error.children?.length) Object.assign(result, toFieldErrors(error.children, field));
  }
  return result;
}

/** DTO messages we write ourselves start with an uppercase Spanish word and end with a period. */
function isSpanishCustom(message: string): boolean {
  return /^[A-ZÁÉÍÓÚÑ¿¡].*\.$/.test(message);
}
