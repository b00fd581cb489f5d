import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsEmail, IsInt, IsNotEmpty, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { MAX_INT32 } from '@core/constants';
import { DomainException } from '@core/errors/domain-exception';
import { isoDateInZone } from '@core/format/display-dates';
import { BIRTH_DATE_MESSAGES, birthDateProblem } from '@shared/rules/birth-date';

/**
 * The field checks the forms' DTOs share, with their Spanish messages built from the field's name as the form labels
 * it ("El título", "La colonia"): one stack of decorators per kind of field instead of the same five lines per field.
 */

type Transformer = (params: { value: unknown }) => unknown;

export const trim: Transformer = ({ value }) => (typeof value === 'string' ? value.trim() : value);
/** Trimmed; blank (an empty optional input sends '') means no value: null. */
export const blankToNull: Transformer = ({ value }) => {
  const v = trim({ value });
  return v === '' ? null : v;
};
/** Each item trimmed, the blank ones dropped. */
export const trimList: Transformer = ({ value }) =>
  Array.isArray(value) ? value.map((v) => (typeof v === 'string' ? v.trim() : v)).filter((v) => v !== '') : value;

export const tooLong = (subject: string, max: number) => `${subject} no debe tener más de ${max.toLocaleString('es-MX')} caracteres.`;
export const notText = (subject: string) => `${subject} debe ser texto.`;
/** "El nombre es obligatorio." / "La calle es obligatoria." */
export const requiredMessage = (subject: string) => `${subject} es ${/^La /.test(subject) ? 'obligatoria' : 'obligatorio'}.`;

/** Decorators applied as if written stacked above the property, in this order (the bottom one first). */
export function Stacked(...decorators: PropertyDecorator[]): PropertyDecorator {
  return (target, key) => {
    for (const decorate of [...decorators].reverse()) decorate(target, key);
  };
}

/** Text of at most `max` characters: "<subject> debe ser texto.", "<subject> no debe tener más de N caracteres.". */
export function TextOf(subject: string, max: number): PropertyDecorator {
  return Stacked(IsString({ message: notText(subject) }), MaxLength(max, { message: tooLong(subject, max) }));
}

/** A required text, transformed first (trimmed unless told), then any further checks (a pattern…). */
export function RequiredText(subject: string, max: number, transform: Transformer = trim, ...more: PropertyDecorator[]): PropertyDecorator {
  return Stacked(Transform(transform), IsNotEmpty({ message: requiredMessage(subject) }), TextOf(subject, max), ...more);
}

/** A list of at most `items` texts of at most `max` characters each (`item` names one: "Cada requisito"). */
export function TextList(
  items: number,
  max: number,
  messages: { notList: string; tooMany: string; item: string },
  transform: Transformer = trimList,
): PropertyDecorator {
  return Stacked(
    Transform(transform),
    IsArray({ message: messages.notList }),
    ArrayMaxSize(items, { message: messages.tooMany }),
    IsString({ each: true, message: notText(messages.item) }),
    MaxLength(max, { each: true, message: tooLong(messages.item, max) }),
  );
}

/** The requirements of an event or a program: a TextList of at most `items` ("Cada requisito"), each transformed. */
export function RequirementList(items: number, max: number, transform: Transformer = trimList): PropertyDecorator {
  const messages = {
    notList: 'Los requisitos deben ser una lista.',
    tooMany: `No puede haber más de ${items} requisitos.`,
    item: 'Cada requisito',
  };
  return TextList(items, max, messages, transform);
}

/** A whole number from `min` to `max`: "<subject> debe ser un número entero.", "… debe ser al menos N.", "… no debe ser mayor que N.". */
export function IntFrom(subject: string, min: number, max: number): PropertyDecorator {
  return Stacked(
    IsInt({ message: `${subject} debe ser un número entero.` }),
    Min(min, { message: `${subject} debe ser al menos ${min}.` }),
    Max(max, { message: `${subject} no debe ser mayor que ${max.toLocaleString('es-MX')}.` }),
  );
}

/** The people of the public forms: letters, spaces and . ' - only, starting with a letter. */
export const NAME_PATTERN = /^[\p{L}][\p{L} .'-]*$/u;

/** A required person's name ("El apellido paterno"), transformed as the form stores it. */
export function PersonName(subject: string, max: number, transform: Transformer): PropertyDecorator {
  return RequiredText(subject, max, transform, Matches(NAME_PATTERN, { message: `${subject} solo puede contener letras.` }));
}

/** A required e-mail address of at most `max` characters. */
export function RequiredEmail(max: number, transform: Transformer): PropertyDecorator {
  return Stacked(
    Transform(transform),
    IsNotEmpty({ message: 'El correo electrónico es obligatorio.' }),
    IsEmail({}, { message: 'El correo electrónico no es válido.' }),
    MaxLength(max, { message: tooLong('El correo electrónico', max) }),
  );
}

/** A required birth date as `AAAA-MM-DD`; the rest of the rule (a real date, not future) is shared/rules/birth-date. */
export function RequiredBirthDate(): PropertyDecorator {
  return Stacked(
    IsNotEmpty({ message: 'La fecha de nacimiento es obligatoria.' }),
    Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'La fecha de nacimiento debe tener el formato AAAA-MM-DD.' }),
  );
}

/**
 * The rest of the birth-date rule (shared/rules/birth-date.ts: a real date, not before 1900, not after today by the
 * display time zone), which needs the service's clock and zone: a 422 naming the field. Every public form that takes a
 * person (event registration and waitlist, program application and waitlist) checks it before anything else.
 */
export function assertBirthDate(value: string, tzDisplay: string): void {
  const problem = birthDateProblem(value, isoDateInZone(new Date(), tzDisplay));
  if (problem) throw DomainException.validation({ fecha_nacimiento: [BIRTH_DATE_MESSAGES[problem]] });
}

/** Names and e-mails as the public forms store them: trimmed, inner spaces folded, upper-cased, NFC (a combining accent as one letter). */
export const upper: Transformer = ({ value }) =>
  typeof value === 'string' ? value.trim().replace(/\s+/g, ' ').toUpperCase().normalize('NFC') : value;

/** A positive 32-bit whole number (a reference such as a version): "<subject> debe ser un número entero.", else `invalid`. */
export function PositiveInt32(subject: string, invalid: string): PropertyDecorator {
  return Stacked(
    IsInt({ message: `${subject} debe ser un número entero.` }),
    Min(1, { message: invalid }),
    Max(MAX_INT32, { message: invalid }),
  );
}

/** The privacy notice version a public form showed (ConsentInput), optional: without it, the current one is recorded. */
export function NoticeVersion(): PropertyDecorator {
  return Stacked(IsOptional(), PositiveInt32('La versión del aviso de privacidad', 'La versión del aviso de privacidad no es válida.'));
}

/** A record's id (a positive 32-bit whole number), or with `each` every item of a list: `invalid` otherwise. */
export function RecordId(invalid: string, { each = false }: { each?: boolean } = {}): PropertyDecorator {
  const options = { each, message: invalid };
  return Stacked(IsInt(options), Min(1, options), Max(MAX_INT32, options));
}
