import {
  programPlacesLeft,
  type ProgramaResponse,
  type ProgramCounts,
  type ProgramRegistrationResponse,
  type ProgramWaitlistEntryResponse,
  type PublicPrograma,
} from '@shared/contracts/programs.contract';
import { toWaitlistLine } from '@shared/contracts/waitlist.contract';
import type { ProgramaEntity } from '@modules/programs/programa.entity';
import type { ProgramRegistrationEntity } from '@modules/programs/program-registration.entity';
import type { ProgramWaitlistEntryEntity } from './program-waitlist-entry.entity';
import { iso, wireTimestamps } from '@core/format/iso';
import { wireNames } from '@core/format/person-names';

export function toProgramaResponse(p: ProgramaEntity): ProgramaResponse {
  return {
    id: p.id,
    slug: p.slug,
    nombre: p.nombre,
    descripcion: p.descripcion,
    tipo: p.tipo,
    fecha_inicio: iso(p.fechaInicio),
    fecha_fin: iso(p.fechaFin),
    ubicacion: p.ubicacion,
    max_participantes: p.maxParticipantes,
    status: p.status,
    requisitos: p.requisitos ?? [],
    beneficios: p.beneficios ?? [],
    es_destacado: p.esDestacado,
    participantes_actuales: p.participantesActuales,
    held_places: p.heldPlaces,
    waitlist_count: p.waitlistCount,
    imagen_url: p.imagenUrl,
    ...wireTimestamps(p),
  };
}

/** The public page: the program as citizens see it, no staff fields, no one's personal data. */
export function toPublicPrograma(p: ProgramaEntity): PublicPrograma {
  const { created_at: _created, updated_at: _updated, ...shown } = toProgramaResponse(p);
  return { ...shown, lugares_disponibles: programPlacesLeft(shown) };
}

export function toProgramCounts(p: {
  id: number;
  status: ProgramaEntity['status'];
  maxParticipantes: number | null;
  participantesActuales: number;
  heldPlaces: number;
  waitlistCount: number;
  version: string;
}): ProgramCounts {
  return {
    id: p.id,
    status: p.status,
    max_participantes: p.maxParticipantes,
    participantes_actuales: p.participantesActuales,
    held_places: p.heldPlaces,
    waitlist_count: p.waitlistCount,
    version: String(p.version),
  };
}

export function toProgramRegistrationResponse(r: ProgramRegistrationEntity): ProgramRegistrationResponse {
  return {
    id: r.id,
    programa_id: r.programaId,
    ...wireNames(r),
    fecha_nacimiento: r.fechaNacimiento,
    celular: r.celular,
    correo_electronico: r.correoElectronico,
    calle: r.calle,
    numero: r.numero,
    colonia: r.colonia,
    municipio: r.municipio,
    tiene_emprendimiento: r.tieneEmprendimiento,
    nombre_emprendimiento: r.nombreEmprendimiento,
    giro_sector: r.giroSector,
    giro_sector_otro: r.giroSectorOtro,
    tiempo_operando: r.tiempoOperando,
    tiene_redes_sociales: r.tieneRedesSociales,
    redes_sociales_enlace: r.redesSocialesEnlace,
    negocio_formalizado: r.negocioFormalizado,
    rfc: r.rfc,
    status: r.status,
    notas: r.notas,
    ...wireTimestamps(r),
  };
}

export function toProgramWaitlistEntryResponse(w: ProgramWaitlistEntryEntity): ProgramWaitlistEntryResponse {
  return {
    id: w.id,
    programa_id: w.programaId,
    ...wireNames(w),
    correo_electronico: w.correoElectronico,
    celular: w.celular,
    ...toWaitlistLine(w),
  };
}
