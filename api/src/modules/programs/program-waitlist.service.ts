import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { DomainException, ErrorCode } from '@core/errors/domain-exception';
import type { Transaction } from '@core/outbox/unit-of-work';
import { WaitlistEngine, type WaitlistOwner, type WaitlistStep, type WaitlistSpec } from '@core/waitlist/waitlist-engine';
import type { LinkProgramView, ProgramaStatus, ProgramWaitlistEntryResponse } from '@shared/contracts/programs.contract';
import type { WaitlistJoined } from '@shared/contracts/waitlist.contract';
import type { NewDomainEvent } from '@shared/events/domain-events';
import { MailOutbox } from '../mail/mail-outbox';
import { wireNames } from '@core/format/person-names';
import {
  EMAIL_ALREADY_REGISTERED,
  PROGRAM_NOT_FOUND,
  PUBLIC_PROGRAM_NOT_FOUND,
  publicApplication,
  receivedMail,
} from './program-applications';
import type { ProgramRegistrationEntity } from './program-registration.entity';
import { ProgramWaitlistEntryEntity } from './program-waitlist-entry.entity';
import type { ProgramRegistrationDto } from './programs.dto';
import { toProgramCounts, toProgramRegistrationResponse, toProgramWaitlistEntryResponse } from './programs.mapper';
import { ProgramsRepository, type PlaceRow } from './programs.repository';
import { iso } from '@core/format/iso';

/**
 * A program's waitlist in the engine's terms: its entries wait for places of `programas` (no limit: everyone waiting is
 * offered one); it stays open while published and has no deadline; an address with an application in any status joins
 * nothing (one per address, as /register). programas_capacity_check guards the sum, the partial unique index
 * programa_lista_espera_email_key one active entry per address.
 */
const PROGRAM_WAITLIST: WaitlistSpec<ProgramWaitlistEntryEntity> = {
  table: 'programa_lista_espera',
  entity: ProgramWaitlistEntryEntity,
  ownerColumn: 'programa_id',
  emailColumn: 'correo_electronico',
  owner: {
    table: 'programas',
    capacity: 'max_participantes',
    taken: 'participantes_actuales',
    open: 'TRUE',
    deadline: 'NULL::timestamptz',
  },
  registrations: { table: 'programa_registros', emailColumn: 'correo_electronico', holding: 'TRUE' },
  purposes: { confirm: 'confirm-program-waitlist-join', accept: 'accept-program-waitlist-offer' },
  messages: {
    notFound: PUBLIC_PROGRAM_NOT_FOUND,
    placesAvailable: 'Aún hay lugares disponibles en este programa: regístrate directamente.',
    closed: 'Este programa ya no recibe solicitudes.',
    offerUsed: 'Ya aceptaste este lugar: tu solicitud fue registrada.',
    duplicate: EMAIL_ALREADY_REGISTERED,
    staffNotFound: PROGRAM_NOT_FOUND,
  },
  mails: {
    confirm: 'programa.lista-espera-confirmar',
    offer: 'programa.lista-espera-oferta',
    registered: 'programa.lista-espera-ya-registrado',
    ref: 'programa',
    address: 'as-given',
  },
};

/** The program row's places as programs name them. */
export const toPlaceRow = (o: WaitlistOwner): PlaceRow => ({
  id: o.id,
  status: o.status as ProgramaStatus,
  maxParticipantes: o.capacity,
  participantesActuales: o.taken,
  heldPlaces: o.held,
  waitlistCount: o.waiting,
  version: o.version,
});

/**
 * The waitlist of a program with a participant limit (docs/decisions/programas.md): the one waitlist engine
 * (core/waitlist) with programs' words, messages and domain events. Accepting an offer writes the application the person
 * sent when joining (`solicitud`, status pendiente, with its 'solicitud recibida' message).
 */
@Injectable()
export class ProgramWaitlistService extends WaitlistEngine<
  ProgramWaitlistEntryEntity,
  { programa: LinkProgramView },
  ProgramRegistrationEntity
> {
  protected readonly spec = PROGRAM_WAITLIST;

  @Inject(MailOutbox) protected readonly mailbox!: MailOutbox;
  @Inject(ProgramsRepository) private readonly programs!: ProgramsRepository;

  /** A join takes the /register body (the birth date checked as there); the whole application waits with the entry. */
  async join(slug: string, dto: ProgramRegistrationDto): Promise<WaitlistJoined> {
    const r = publicApplication(slug, dto, this.config.tzDisplay);
    const person = {
      ...wireNames(r),
      correo_electronico: r.correoElectronico,
      celular: r.celular,
      solicitud: r,
    };
    return this.enqueue(slug, person, r.correoElectronico, await this.noticeAccepted(dto.aviso_version));
  }

  async list(programaId: number): Promise<ProgramWaitlistEntryResponse[]> {
    return (await this.listActive(programaId)).map(toProgramWaitlistEntryResponse);
  }

  // ——— What the engine asks of programs ———

  protected event(
    step: WaitlistStep,
    w: ProgramWaitlistEntryEntity,
    owner: WaitlistOwner,
  ): NewDomainEvent<`program-waitlist.${WaitlistStep}`> {
    return {
      type: `program-waitlist.${step}`,
      resourceId: w.id,
      payload: { programa_id: w.programaId, entry: toProgramWaitlistEntryResponse(w), counts: toProgramCounts(toPlaceRow(owner)) },
    };
  }

  /** A link page's program: nothing personal (a continuous one has no dates). */
  protected async facts(programaId: number): Promise<{ programa: LinkProgramView }> {
    const p = (await this.programs.findById(programaId))!;
    return {
      programa: {
        nombre: p.nombre,
        slug: p.slug,
        tipo: p.tipo,
        fecha_inicio: iso(p.fechaInicio),
        fecha_fin: iso(p.fechaFin),
        ubicacion: p.ubicacion,
      },
    };
  }

  /** A program not published does not exist for the public; one without a limit takes everyone directly. */
  protected refuseJoin(owner: WaitlistOwner): DomainException | null {
    if (owner.status !== 'published') return new DomainException(ErrorCode.NotFound, PUBLIC_PROGRAM_NOT_FOUND);
    if (owner.capacity === null)
      return new DomainException(ErrorCode.PlacesAvailable, 'Este programa no tiene límite de participantes: regístrate directamente.');
    return null;
  }

  protected emailOf(w: ProgramWaitlistEntryEntity): string {
    return w.correoElectronico;
  }

  protected async ownerMail(manager: EntityManager, programaId: number) {
    return { programa_id: programaId, programa: await this.programs.mailSnapshot(manager, programaId) };
  }

  /** The application sent when joining, with the notice its person accepted then. */
  protected insertRegistration(manager: EntityManager, w: ProgramWaitlistEntryEntity, programaId: number) {
    return this.programs.insertRegistration(manager, programaId, w.solicitud, { version: w.avisoVersion, acceptedAt: w.avisoAceptadoAt });
  }

  protected async registered(tx: Transaction, saved: ProgramRegistrationEntity, owner: WaitlistOwner): Promise<void> {
    const registration = toProgramRegistrationResponse(saved);
    await this.mailbox.queue(tx.manager, [await receivedMail(this.programs, tx.manager, saved.programaId, registration)]);
    await tx.record({
      type: 'program-registration.created',
      resourceId: saved.id,
      payload: { programa_id: saved.programaId, registration, counts: toProgramCounts(toPlaceRow(owner)) },
    });
  }
}
