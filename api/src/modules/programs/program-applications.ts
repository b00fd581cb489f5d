import type { EntityManager } from 'typeorm';
import type { ProgramRegistrationResponse } from '@shared/contracts/programs.contract';
import type { QueuedMail } from '@shared/contracts/mail.contract';
import type { ProgramRegistrationDto } from './programs.dto';
import type { NewProgramRegistration, ProgramsRepository } from './programs.repository';

/** Staff asked for a program id that does not exist. */
export const PROGRAM_NOT_FOUND = 'El programa no existe.';
export const PUBLIC_PROGRAM_NOT_FOUND = 'El programa que buscas no existe o ha sido cerrado.';
/** Spec 3 §5: the message the public form shows for a repeated e-mail. */
export const EMAIL_ALREADY_REGISTERED = 'Ya existe un registro con este correo para este programa';
/** What a program's slug may be (anything else is not found, without a query). */
export const SLUG_PATTERN = /^[a-z0-9-]{1,80}$/;

/**
 * A public application as stored (the /register body and the waitlist's take the same): business details only with a
 * business; each detail only when its question says so.
 */
export function toNewProgramRegistration(dto: ProgramRegistrationDto): NewProgramRegistration {
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

/** The applicant's name as a message's recipient shows it. */
export const fullName = (r: { nombre: string; apellido_paterno: string; apellido_materno: string }) =>
  [r.nombre, r.apellido_paterno, r.apellido_materno].filter(Boolean).join(' ');

/** 'Solicitud recibida' of a new registration (direct, or an accepted waitlist offer): keyed by the registration, once. */
export async function receivedMail(
  programs: ProgramsRepository,
  manager: EntityManager,
  programaId: number,
  registration: ProgramRegistrationResponse,
): Promise<QueuedMail<'programa.solicitud-recibida'>> {
  return {
    key: `programa.solicitud-recibida:${registration.id}`,
    template: 'programa.solicitud-recibida',
    to: { email: registration.correo_electronico, name: fullName(registration) },
    data: {
      registro_id: registration.id,
      programa_id: programaId,
      nombre: registration.nombre,
      programa: await programs.mailSnapshot(manager, programaId),
    },
    ref: { type: 'programa', id: programaId },
  };
}
