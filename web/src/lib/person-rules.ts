import { BIRTH_DATE_MESSAGES, birthDateProblem } from '@shared/rules/birth-date';
import type { FieldErrors } from './api-client';
import { PHONE_DIGITS } from './constants';

/** What both public forms (an event's registration, a program's application) ask of the person first. */
export interface PersonNamesAndBirth {
  nombre: string;
  apellido_paterno: string;
  apellido_materno: string;
  fecha_nacimiento: string;
}

/** The person's part of a public form before anything is typed. */
export const EMPTY_PERSON: PersonNamesAndBirth = { nombre: '', apellido_paterno: '', apellido_materno: '', fecha_nacimiento: '' };

/** An e-mail address as the forms accept it (the server checks it again). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A public form's e-mail field: required, then an address (`wrong` in the form's words); null when it is fine. */
export function emailProblem(value: string, wrong: string): string | null {
  if (!value.trim()) return 'El correo electrónico es obligatorio.';
  return EMAIL_PATTERN.test(value.trim()) ? null : wrong;
}
const PHONE_PATTERN = new RegExp(`^\\d{${PHONE_DIGITS}}$`);

/**
 * The person's part of a public form, checked before sending (spec 1 §5, spec 3 §5; the server checks it again
 * with the same birth-date rule): the three names, the birth date (a real date, not before 1900, not in the
 * future), a 10-digit phone and an e-mail address. The phone and the e-mail keep each form's field names and
 * words; the errors come in the form's order, so the first wrong field gets the focus.
 */
export function personProblems(
  person: PersonNamesAndBirth,
  today: string,
  phone: { field: string; value: string; missing: string; wrong: string },
  email: { field: string; value: string; wrong: string },
): FieldErrors {
  const errors: FieldErrors = {};
  if (!person.nombre.trim()) errors.nombre = ['El nombre es obligatorio.'];
  if (!person.apellido_paterno.trim()) errors.apellido_paterno = ['El apellido paterno es obligatorio.'];
  if (!person.apellido_materno.trim()) errors.apellido_materno = ['El apellido materno es obligatorio.'];
  if (!person.fecha_nacimiento) errors.fecha_nacimiento = ['La fecha de nacimiento es obligatoria.'];
  else {
    const problem = birthDateProblem(person.fecha_nacimiento, today);
    if (problem) errors.fecha_nacimiento = [BIRTH_DATE_MESSAGES[problem]];
  }
  if (!phone.value) errors[phone.field] = [phone.missing];
  else if (!PHONE_PATTERN.test(phone.value)) errors[phone.field] = [phone.wrong];
  const emailWrong = emailProblem(email.value, email.wrong);
  if (emailWrong) errors[email.field] = [emailWrong];
  return errors;
}
