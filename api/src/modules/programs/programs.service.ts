import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@core/config/app-config';
import type { ProgramsSettings } from './programs.settings';
import {
  PLACE_HOLDING_STATUSES,
  type ProgramaResponse,
  type ProgramRegistrationResponse,
  type ProgramRegistrationStatus,
  type PublicPrograma,
} from '@shared/contracts/programs.contract';
import type { ProgramaEntity } from '@modules/programs/programa.entity';
import { DomainException, ErrorCode } from '@core/errors/domain-exception';
import { ProgramsError } from './programs.errors';
import type { EventActor } from '@shared/events/domain-events';
import { isoDateInZone } from '@core/format/display-dates';
import { UnitOfWork } from '@core/outbox/unit-of-work';
import { NoticeVersions } from '@shared/contracts/privacy-notice.contract';
import { PROGRAM_STATUS_MAIL, type ProgramStatusMail } from '@shared/contracts/mail.contract';
import { MailOutbox } from '../mail/mail-outbox';
import { RateLimiter } from '@core/redis/rate-limiter';
import { clearOtherFeatured, lockFeatured } from '@core/database/featured';
import { claimSlug } from '@core/database/slugs';
import { slugify } from '@shared/rules/slug';
import {
  applicantMail,
  EMAIL_ALREADY_REGISTERED,
  PROGRAM_NOT_FOUND,
  PUBLIC_PROGRAM_NOT_FOUND,
  publicApplication,
  receivedMail,
  SLUG_PATTERN,
} from './program-applications';
import { programRegistrationsSheet } from './program-registrations-export';
import { sheetFile } from '@core/format/spreadsheet';
import type { DownloadFile, ExportFormat } from '@core/http/downloads';
import { ProgramWaitlistService, toPlaceRow } from './program-waitlist.service';
import { isFeaturedOnly, type CreateProgramaDto, type ProgramRegistrationDto, type UpdateProgramaDto } from './programs.dto';
import { toProgramaResponse, toProgramCounts, toProgramRegistrationResponse, toPublicPrograma } from './programs.mapper';
import { PROGRAM_FEATURED, PROGRAM_SLUGS, ProgramsRepository, type ProgramaFields } from './programs.repository';

export { EMAIL_ALREADY_REGISTERED, PROGRAM_NOT_FOUND, PUBLIC_PROGRAM_NOT_FOUND } from './program-applications';
export const PROGRAM_FULL = 'Este programa ya no tiene lugares disponibles.';
export const ONLY_DRAFTS_DELETED = 'Solo se pueden eliminar programas en borrador.';
export const DRAFT_WITH_REGISTRATIONS = 'No se puede eliminar un programa que tiene registros.';
const REGISTRATION_NOT_FOUND = 'El registro no existe.';

/** Whether a registration in this status holds one of the program's places (documented in docs/decisions.md). */
const holdsPlace = (status: ProgramRegistrationStatus) => PLACE_HOLDING_STATUSES.includes(status);

/**
 * The form's fields as stored: dates only for fecha_especifica (start required, end not before it);
 * blank capacity means no limit.
 */
function programaFields(dto: CreateProgramaDto | UpdateProgramaDto, current?: ProgramaEntity): ProgramaFields {
  const specific = dto.tipo === 'fecha_especifica';
  const fechaInicio = specific && dto.fecha_inicio ? new Date(dto.fecha_inicio) : null;
  const fechaFin = specific && dto.fecha_fin ? new Date(dto.fecha_fin) : null;
  const errors: Record<string, string[]> = {};
  if (specific && !fechaInicio) errors.fecha_inicio = ['La fecha de inicio es obligatoria para un programa de fecha específica.'];
  if (fechaInicio && fechaFin && fechaFin < fechaInicio) errors.fecha_fin = ['La fecha de fin no puede ser anterior a la fecha de inicio.'];
  if (Object.keys(errors).length) throw DomainException.validation(errors);
  return {
    nombre: dto.nombre,
    descripcion: dto.descripcion,
    tipo: dto.tipo,
    fechaInicio,
    fechaFin,
    ubicacion: dto.ubicacion ?? null,
    maxParticipantes: dto.max_participantes ?? null,
    status: dto.status ?? current?.status ?? 'draft',
    requisitos: dto.requisitos ?? current?.requisitos ?? [],
    beneficios: dto.beneficios ?? current?.beneficios ?? [],
  };
}

@Injectable()
export class ProgramsService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig & ProgramsSettings,
    private readonly uow: UnitOfWork,
    private readonly programs: ProgramsRepository,
    private readonly limiter: RateLimiter,
    private readonly mail: MailOutbox,
    private readonly waitlist: ProgramWaitlistService,
    private readonly notices: NoticeVersions,
  ) {}

  // ——— Staff ———

  async list(): Promise<ProgramaResponse[]> {
    return (await this.programs.list()).map(toProgramaResponse);
  }

  async get(id: number): Promise<ProgramaEntity> {
    const programa = await this.programs.findById(id);
    if (!programa) throw new DomainException(ErrorCode.NotFound, PROGRAM_NOT_FOUND);
    return programa;
  }

  async create(dto: CreateProgramaDto, actor: EventActor): Promise<ProgramaResponse> {
    const fields = programaFields(dto);
    return this.uow.run(actor, async (tx) => {
      const slug = await claimSlug(tx.manager, PROGRAM_SLUGS, slugify(dto.nombre));
      const programa = toProgramaResponse(await this.programs.insert(tx.manager, { ...fields, slug, createdBy: actor.userId }));
      await tx.record({ type: 'program.created', resourceId: programa.id, payload: { programa } });
      return programa;
    });
  }

  /** PUT: the star sends es_destacado alone; otherwise the whole form. The slug never changes (shared links keep working). */
  async update(id: number, dto: UpdateProgramaDto, actor: EventActor): Promise<ProgramaResponse> {
    if (isFeaturedOnly(dto)) return this.setFeatured(id, dto.es_destacado!, actor);
    if (dto.es_destacado !== undefined) {
      throw DomainException.validation({ es_destacado: ['El estado destacado se cambia por separado, sin otros campos.'] });
    }
    return this.uow.run(actor, async (tx) => {
      const current = await this.programs.findByIdForUpdate(tx.manager, id);
      if (!current) throw new DomainException(ErrorCode.NotFound, PROGRAM_NOT_FOUND);
      const fields = programaFields(dto, current);
      // programas_capacity_check guards this too; the row lock makes the comparison exact.
      if (fields.maxParticipantes !== null && fields.maxParticipantes < current.participantesActuales + current.heldPlaces) {
        throw DomainException.validation({
          max_participantes: [
            current.heldPlaces > 0
              ? `El máximo de participantes no puede ser menor que los registros activos más los lugares apartados para la lista de espera (${current.participantesActuales} + ${current.heldPlaces}).`
              : `El máximo de participantes no puede ser menor que los registros activos (${current.participantesActuales}).`,
          ],
        });
      }
      await this.programs.update(tx.manager, id, fields);
      // A raised (or removed) limit, or a program published again, frees places: the first in line get offers.
      await this.waitlist.offerNext(tx, id);
      const updated = (await this.programs.findById(id, tx.manager))!;
      const programa = toProgramaResponse(updated);
      await tx.record({
        type: 'program.updated',
        resourceId: id,
        payload: { programa, counts: toProgramCounts(updated), was_public: current.status === 'published' },
      });
      return programa;
    });
  }

  /** At most one featured program: the others lose the flag in the same transaction (partial unique index programas_one_featured). */
  private async setFeatured(id: number, esDestacado: boolean, actor: EventActor): Promise<ProgramaResponse> {
    return this.uow.run(actor, async (tx) => {
      await lockFeatured(tx.manager, PROGRAM_FEATURED);
      const current = await this.programs.findByIdForUpdate(tx.manager, id);
      if (!current) throw new DomainException(ErrorCode.NotFound, PROGRAM_NOT_FOUND);
      if (current.esDestacado === esDestacado) return toProgramaResponse(current);
      const cleared = esDestacado ? await clearOtherFeatured(tx.manager, PROGRAM_FEATURED, id) : [];
      const updated = await this.programs.update(tx.manager, id, { esDestacado });
      await tx.record({
        type: 'program.featured',
        resourceId: id,
        payload: { programa_id: id, es_destacado: esDestacado, affected_ids: [id, ...cleared] },
      });
      return toProgramaResponse(updated);
    });
  }

  /** Only drafts, and only without registrations (they are applicants' data; FK programa_registros ON DELETE RESTRICT). */
  async remove(id: number, actor: EventActor): Promise<void> {
    await this.uow.run(actor, async (tx) => {
      const current = await this.programs.findByIdForUpdate(tx.manager, id);
      if (!current) throw new DomainException(ErrorCode.NotFound, PROGRAM_NOT_FOUND);
      if (current.status !== 'draft') throw new DomainException(ErrorCode.OnlyDraftsDeletable, ONLY_DRAFTS_DELETED);
      if (await this.programs.hasRegistrations(tx.manager, id)) throw new DomainException(ErrorCode.Conflict, DRAFT_WITH_REGISTRATIONS);
      await this.programs.delete(tx.manager, id);
      await tx.record({ type: 'program.deleted', resourceId: id, payload: { programa_id: id } });
    });
  }

  async registrations(id: number): Promise<{ programa: ProgramaResponse; registrations: ProgramRegistrationResponse[] }> {
    const programa = await this.get(id);
    return {
      programa: toProgramaResponse(programa),
      registrations: (await this.programs.listRegistrations(id)).map(toProgramRegistrationResponse),
    };
  }

  /** A program's registrations as a file: CSV, or the same table in Excel. */
  async export(id: number, format: ExportFormat): Promise<DownloadFile> {
    const programa = await this.get(id);
    const rows = await this.programs.listRegistrations(id);
    const date = isoDateInZone(new Date(), this.config.tzDisplay);
    return sheetFile(programRegistrationsSheet(rows), format, `registros_${programa.slug}_${date}`, this.config.tzDisplay);
  }

  /**
   * Any status to any other (spec 3 §4), with the places kept exact: leaving cancelado takes a place
   * (refused when the program is full), entering cancelado frees one; pendiente ↔ confirmado keeps it.
   */
  async setRegistrationStatus(
    programaId: number,
    registrationId: number,
    status: ProgramRegistrationStatus,
    actor: EventActor,
  ): Promise<ProgramRegistrationResponse> {
    return this.uow.run(actor, async (tx) => {
      // The program row first, as every path that moves places or the waitlist (no deadlock with an acceptance).
      await this.programs.lockCounts(tx.manager, programaId);
      const current = await this.programs.findRegistrationForUpdate(tx.manager, programaId, registrationId);
      if (!current) throw new DomainException(ErrorCode.NotFound, REGISTRATION_NOT_FOUND);
      if (current.status === status) return toProgramRegistrationResponse(current);
      let counts = null;
      if (holdsPlace(status) && !holdsPlace(current.status)) {
        counts = await this.programs.takePlaceById(tx.manager, programaId);
        if (!counts) {
          throw new DomainException(ProgramsError.ProgramFull, 'El programa ya no tiene lugares disponibles para reactivar este registro.');
        }
      } else if (!holdsPlace(status) && holdsPlace(current.status)) {
        await this.programs.releasePlace(tx.manager, programaId);
        // The freed place goes to the first in line, held for them, in this transaction.
        counts = toPlaceRow(await this.waitlist.offerNext(tx, programaId));
      } else {
        counts = (await this.programs.counts(tx.manager, programaId))!;
      }
      const registration = toProgramRegistrationResponse(await this.programs.setRegistrationStatus(tx.manager, registrationId, status));
      // confirmado and cancelado tell the applicant, in this transaction: the message exists only if the change does.
      if ((PROGRAM_STATUS_MAIL as readonly string[]).includes(status)) {
        const change = await this.programs.changeId(tx.manager);
        // Keyed by the change (its transaction): one message per change.
        const estado = status as ProgramStatusMail;
        await this.mail.queue(tx.manager, [
          await applicantMail(this.programs, tx.manager, programaId, registration, 'programa.estado-cambiado', { estado }, change),
        ]);
      }
      await tx.record({
        type: 'program-registration.status-changed',
        resourceId: registrationId,
        payload: { programa_id: programaId, registration, from: current.status, counts: toProgramCounts(counts) },
      });
      return registration;
    });
  }

  // ——— Public ———

  /** Published programs only: missing, draft and closed are all "not found" (spec 3 §2.7, §4). */
  async publicPage(slug: string): Promise<PublicPrograma> {
    return toPublicPrograma(await this.publishedBySlug(slug));
  }

  /**
   * Whether the e-mail is registered in the program (spec 3 §5). Limited per IP, on top of the
   * public read limit, so the answer cannot be used to sweep addresses (docs/decisions.md).
   */
  async checkEmail(slug: string, email: string, actor: EventActor): Promise<{ exists: boolean }> {
    await this.limiter.consume('program-check-email', actor.ip ?? 'unknown', this.config.programCheckEmailLimitPerMinute, 60);
    const programa = await this.publishedBySlug(slug);
    return { exists: await this.programs.emailRegistered(programa.id, email) };
  }

  /**
   * A citizen's application. One transaction: the place is taken by one UPDATE whose WHERE is the
   * rule (published, room left), then the registration is written unless its e-mail is already in
   * the program (unique index); a duplicate rolls the place back. Nothing is read before.
   */
  async register(slug: string, dto: ProgramRegistrationDto, actor: EventActor): Promise<{ id: number; status: ProgramRegistrationStatus }> {
    const row = publicApplication(slug, dto, this.config.tzDisplay);
    const consent = { version: await this.notices.accepted(dto.aviso_version), acceptedAt: null };
    const outcome = await this.uow
      .run(actor, async (tx) => {
        const place = await this.programs.takePlaceBySlug(tx.manager, slug);
        if (!place) return 'refused' as const;
        const saved = await this.programs.insertRegistration(tx.manager, place.id, row, consent);
        if (!saved) throw new DuplicateEmail();
        const registration = toProgramRegistrationResponse(saved);
        await this.mail.queue(tx.manager, [await receivedMail(this.programs, tx.manager, place.id, registration)]);
        await tx.record({
          type: 'program-registration.created',
          resourceId: saved.id,
          payload: { programa_id: place.id, registration, counts: toProgramCounts(place) },
        });
        return { id: saved.id, status: saved.status };
      })
      .catch((err: unknown) => {
        if (err instanceof DuplicateEmail) throw new DomainException(ErrorCode.EmailAlreadyRegistered, EMAIL_ALREADY_REGISTERED);
        throw err;
      });
    if (outcome !== 'refused') return outcome;
    // Why no place was given: decided after the fact, nothing was written.
    const programa = await this.programs.findBySlug(slug);
    if (!programa || programa.status !== 'published') throw new DomainException(ErrorCode.NotFound, PUBLIC_PROGRAM_NOT_FOUND);
    throw new DomainException(ProgramsError.ProgramFull, PROGRAM_FULL);
  }

  private async publishedBySlug(slug: string): Promise<ProgramaEntity> {
    const programa = SLUG_PATTERN.test(slug) ? await this.programs.findBySlug(slug) : null;
    if (!programa || programa.status !== 'published') throw new DomainException(ErrorCode.NotFound, PUBLIC_PROGRAM_NOT_FOUND);
    return programa;
  }
}

/** Thrown inside the transaction so it rolls back the place taken for a repeated e-mail. */
class DuplicateEmail extends Error {}
