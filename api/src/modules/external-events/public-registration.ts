import { assertBirthDate } from '@core/http/dto-fields';
import type { PublicRegistrant } from '@shared/contracts/external-events.contract';
import type { PublicRegistrationDto } from './external-events.dto';

/** A person as the public form (registration and waitlist alike) takes them. */
export interface NewRegistration {
  nombre: string;
  apellidoPaterno: string;
  apellidoMaterno: string;
  fechaNacimiento: string;
  phone: string;
  email: string;
  empresa: string | null;
  tipoParticipante: string;
}

/** What the public registration, the waitlist and their link pages answer about the event itself. */
export const PUBLIC_NOT_FOUND = 'El evento que buscas no existe o ha sido cancelado.';
export const EVENT_FULL = 'Evento Lleno: ya no hay lugares disponibles.';
export const EVENT_CANCELLED = 'Este evento fue cancelado; el registro está cerrado.';
export const EVENT_COMPLETED = 'Este evento ya concluyó; el registro está cerrado.';

/**
 * A public form's person (registration and waitlist take the same body): the one birth-date rule
 * (shared/rules/birth-date.ts, "today" in TZ_DISPLAY) checked first, then the row's fields.
 */
export function toNewRegistration(dto: PublicRegistrationDto, tzDisplay: string): NewRegistration {
  assertBirthDate(dto.fecha_nacimiento, tzDisplay);
  return {
    nombre: dto.nombre,
    apellidoPaterno: dto.apellido_paterno,
    apellidoMaterno: dto.apellido_materno,
    fechaNacimiento: dto.fecha_nacimiento,
    phone: dto.phone,
    email: dto.email,
    empresa: dto.empresa || null,
    tipoParticipante: dto.tipo_participante,
  };
}

/** A person of the public form by the names its columns and the wire share (registrations and waitlist entries alike). */
export function registrantFields(r: {
  nombre: string;
  apellidoPaterno: string;
  apellidoMaterno: string;
  fechaNacimiento: string | null;
  phone: string | null;
  email: string;
  empresa: string | null;
  tipoParticipante: string;
}): PublicRegistrant {
  return {
    nombre: r.nombre,
    apellido_paterno: r.apellidoPaterno,
    apellido_materno: r.apellidoMaterno,
    fecha_nacimiento: r.fechaNacimiento,
    phone: r.phone,
    email: r.email,
    empresa: r.empresa,
    tipo_participante: r.tipoParticipante,
  };
}
