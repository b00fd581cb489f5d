import type { EntityManager } from 'typeorm';
import type { ProgramRegistrationResponse } from '@shared/contracts/programs.contract';
import type { MailTemplateData, QueuedMail } from '@shared/contracts/mail.contract';
import type { ProgramRegistrationDto } from './programs.dto';
import type { NewProgramRegistration, ProgramsRepository } from './programs.repository';
import { fullName } from '@core/format/person-names';
import { DomainException, ErrorCode } from '@core/errors/domain-exception';
import { assertBirthDate } from '@core/http/dto-fields';

/** Staff asked for a program id that does not exist. */
export const PROGRAM_NOT_FOUND = 'El programa no existe.';
export const PUBLIC_PROGRAM_NOT_FOUND = 'El programa que buscas no existe o ha sido cerrado.';
/** Spec 3 §5: the message the public form shows for a repeated e-mail. */
export const EMAIL_ALREADY_REGISTERED = 'Ya existe un registro con este correo para este programa';
/** What a program's slug may be (anything else is not found, without a query). */
export const SLUG_PATTERN = /^[a-z0-9-]{1,80}$/;

/**
 * A public application to the program at `slug` (the /register body; a waitlist join takes the same): the birth date's
 * whole rule first ("today" in TZ_DISPLAY), then the slug's shape (anything else is not found, without a query), then
 * the row as stored.
 */
export function publicApplication(slug: string, dto: ProgramRegistrationDto, tzDisplay: string): NewProgramRegistration {
  assertBirthDate(dto.fecha_nacimiento, tzDisplay);
  if (!SLUG_PATTERN.test(slug)) throw new DomainException(ErrorCode.NotFound, PUBLIC_PROGRAM_NOT_FOUND);
  return toNewProgramRegistration(dto);
}

/** An application as stored: business details only with a business; each detail only when its question says so. */
function toNewProgramRegistration(dto: ProgramRegistrationDto): NewProgramRegistration {
  const business = dto.tiene_emprendimiento === 'si';
  return {
    nombre: dto.nombre,
    apellidoPaterno: dto.apellido_paterno,
    apellidoMaterno: dto.apellido_materno,
    fechaNacimiento: dto.fecha_nacimiento,
    celular: dto.celular,
    correoElectronico: dto.correo_electronico,
    calle: dto.calle,
    numero: dto.numero,
    colonia: dto.colonia,
    municipio: dto.municipio,
    tieneEmprendimiento: dto.tiene_emprendimiento,
    nombreEmprendimiento: business ? (dto.nombre_emprendimiento ?? null) : null,
    giroSector: business ? (dto.giro_sector ?? null) : null,
    giroSectorOtro: business && dto.giro_sector === 'otro' ? (dto.giro_sector_otro ?? null) : null,
    tiempoOperando: business ? (dto.tiempo_operando ?? null) : null,
    tieneRedesSociales: business ? (dto.tiene_redes_sociales ?? null) : null,
    redesSocialesEnlace: business && dto.tiene_redes_sociales === 'si' ? (dto.redes_sociales_enlace ?? null) : null,
    negocioFormalizado: business ? (dto.negocio_formalizado ?? null) : null,
    rfc: business && dto.negocio_formalizado === 'si' ? (dto.rfc ?? null) : null,
  };
}

/** The messages to an applicant about their application. */
type ApplicantTemplate = 'programa.solicitud-recibida' | 'programa.estado-cambiado';

/**
 * A message to an applicant about their application: to them, keyed by the template, the registration and the
 * `cause` if any (one message each), with the program as messages show it (a snapshot: the mail area never reads
 * programs) and the template's `extra` data, filed under the program.
 */
export async function applicantMail<T extends ApplicantTemplate>(
  programs: ProgramsRepository,
  manager: EntityManager,
  programaId: number,
  registration: ProgramRegistrationResponse,
  template: T,
  extra: Omit<MailTemplateData[T], 'registro_id' | 'programa_id' | 'nombre' | 'programa'>,
  cause?: string,
): Promise<QueuedMail<T>> {
  return {
    key: cause === undefined ? `${template}:${registration.id}` : `${template}:${registration.id}:${cause}`,
    template,
    to: { email: registration.correo_electronico, name: fullName(registration) },
    data: {
      registro_id: registration.id,
      programa_id: programaId,
      nombre: registration.nombre,
      ...extra,
      programa: await programs.mailSnapshot(manager, programaId),
    } as MailTemplateData[T],
    ref: { type: 'programa', id: programaId },
  };
}

/** 'Solicitud recibida' of a new registration (direct, or an accepted waitlist offer): keyed by the registration, once. */
export function receivedMail(
  programs: ProgramsRepository,
  manager: EntityManager,
  programaId: number,
  registration: ProgramRegistrationResponse,
): Promise<QueuedMail<'programa.solicitud-recibida'>> {
  return applicantMail(programs, manager, programaId, registration, 'programa.solicitud-recibida', {});
}
