import { Injectable } from '@nestjs/common';
import type { AuthUser } from '@core/access/current-user';
import { can } from '@shared/permissions';
import type { ExternalEventResponse } from '@shared/contracts/external-events.contract';
import type { ExternalEventEntity } from '@modules/external-events/external-event.entity';
import { DomainException, ErrorCode } from '@core/errors/domain-exception';
import { ExternalEventsError } from './external-events.errors';
import type { EventActor } from '@shared/events/domain-events';
import { UnitOfWork } from '@core/outbox/unit-of-work';
import { ImagesService } from '../images/images.service';
import type { CreateExternalEventDto, UpdateExternalEventDto } from './external-events.dto';
import { toExternalEventResponse } from './external-events.mapper';
import { EXTERNAL_EVENT_FEATURED, EXTERNAL_EVENT_SLUGS, ExternalEventsRepository } from './external-events.repository';
import { clearOtherFeatured, lockFeatured } from '@core/database/featured';
import { claimSlug } from '@core/database/slugs';
import { slugify } from '@shared/rules/slug';
import { ExternalWaitlistService } from './external-waitlist.service';

export const EVENT_NOT_FOUND = 'El evento no existe.';
export const IMAGE_NOT_ALLOWED = 'Solo puedes cambiar la imagen de los eventos que tú creaste.';

/** The form's fields (spec 1 §3) as columns, the same on create and on edit; the end may not come before the start. */
function formFields(dto: CreateExternalEventDto | UpdateExternalEventDto) {
  const eventDate = new Date(dto.event_date);
  const endDate = dto.end_date ? new Date(dto.end_date) : null;
  if (endDate && endDate < eventDate) {
    throw DomainException.validation({ end_date: ['La fecha de fin no puede ser anterior a la de inicio.'] });
  }
  return {
    title: dto.title,
    description: dto.description,
    eventDate,
    endDate,
    location: dto.location,
    maxAttendees: dto.max_attendees,
    // Absent: unchanged on edit, none on create (the spec's bodies do not carry it).
    ...(dto.aforo_maximo !== undefined ? { aforoMaximo: dto.aforo_maximo } : {}),
  };
}

@Injectable()
export class ExternalEventsService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly events: ExternalEventsRepository,
    private readonly images: ImagesService,
    private readonly waitlist: ExternalWaitlistService,
  ) {}

  async list(): Promise<ExternalEventResponse[]> {
    return (await this.events.list()).map(toExternalEventResponse);
  }

  async get(id: number): Promise<ExternalEventEntity> {
    const event = await this.events.findById(id);
    if (!event) throw new DomainException(ErrorCode.NotFound, EVENT_NOT_FOUND);
    return event;
  }

  async create(dto: CreateExternalEventDto, actor: EventActor): Promise<ExternalEventResponse> {
    const fields = formFields(dto);
    return this.uow.run(actor, async (tx) => {
      const slug = await claimSlug(tx.manager, EXTERNAL_EVENT_SLUGS, slugify(dto.title));
      const event = await this.events.insert(tx.manager, {
        ...fields,
        status: dto.status,
        requirements: dto.requirements ?? [],
        agenda: dto.agenda ?? [],
        slug,
        createdBy: actor.userId,
      });
      const response = toExternalEventResponse(event);
      await tx.record({ type: 'external-event.created', resourceId: event.id, payload: { event: response } });
      return response;
    });
  }

  /** The slug stays as it was when the title changes: shared links keep working. */
  async update(id: number, dto: UpdateExternalEventDto, actor: EventActor): Promise<ExternalEventResponse> {
    const fields = formFields(dto);
    return this.uow.run(actor, async (tx) => {
      const current = await this.events.findByIdForUpdate(tx.manager, id);
      if (!current) throw new DomainException(ErrorCode.NotFound, EVENT_NOT_FOUND);
      if (dto.max_attendees < current.currentAttendees + current.heldPlaces) {
        throw DomainException.validation({
          max_attendees: [
            current.heldPlaces > 0
              ? `La capacidad no puede ser menor que los registros actuales más los lugares apartados para la lista de espera (${current.currentAttendees} + ${current.heldPlaces}).`
              : `La capacidad no puede ser menor que los registros actuales (${current.currentAttendees}).`,
          ],
        });
      }
      const status = dto.status ?? current.status;
      const updated = await this.events.update(tx.manager, id, {
        ...fields,
        status,
        requirements: dto.requirements ?? current.requirements,
        agenda: dto.agenda ?? current.agenda,
        ...(dto.image_url !== undefined ? { imageUrl: dto.image_url } : {}),
        // Only a published event may stay featured.
        ...(status !== 'published' ? { isFeatured: false } : {}),
      });
      const response = toExternalEventResponse(updated);
      await tx.record({ type: 'external-event.updated', resourceId: id, payload: { event: response } });
      // A raised capacity (or a re-published event) frees places: the first of the waitlist get offers.
      await this.waitlist.offerNext(tx, id);
      return response;
    });
  }

  /**
   * The create form creates the event and then uploads its image (spec 1 §7), so 'create' alone may
   * upload to an event the caller created; changing the image of anyone else's event needs 'edit'.
   * Checked before the file is stored, so a refused upload leaves nothing behind.
   */
  async uploadImage(
    id: number,
    file: Buffer,
    caller: AuthUser,
    actor: EventActor,
  ): Promise<{ image_url: string; event: ExternalEventResponse }> {
    const event = await this.get(id);
    const mayUpload =
      can(caller, 'eventos_externos', 'edit') || (can(caller, 'eventos_externos', 'create') && event.createdBy === caller.id);
    if (!mayUpload) throw new DomainException(ErrorCode.Forbidden, IMAGE_NOT_ALLOWED);
    const imageUrl = await this.images.store(file);
    return { image_url: imageUrl, event: await this.setImage(id, imageUrl, actor) };
  }

  async setImage(id: number, imageUrl: string, actor: EventActor): Promise<ExternalEventResponse> {
    return this.uow.run(actor, async (tx) => {
      const current = await this.events.findByIdForUpdate(tx.manager, id);
      if (!current) throw new DomainException(ErrorCode.NotFound, EVENT_NOT_FOUND);
      const response = toExternalEventResponse(await this.events.update(tx.manager, id, { imageUrl }));
      await tx.record({ type: 'external-event.updated', resourceId: id, payload: { event: response } });
      return response;
    });
  }

  async toggleFeatured(id: number, actor: EventActor): Promise<ExternalEventResponse> {
    return this.uow.run(actor, async (tx) => {
      await lockFeatured(tx.manager, EXTERNAL_EVENT_FEATURED);
      const current = await this.events.findByIdForUpdate(tx.manager, id);
      if (!current) throw new DomainException(ErrorCode.NotFound, EVENT_NOT_FOUND);
      if (current.status !== 'published') {
        throw new DomainException(ExternalEventsError.OnlyPublishedFeatured, 'Solo un evento publicado puede ser destacado.');
      }
      const isFeatured = !current.isFeatured;
      const cleared = isFeatured ? await clearOtherFeatured(tx.manager, EXTERNAL_EVENT_FEATURED, id) : [];
      const updated = await this.events.update(tx.manager, id, { isFeatured });
      await tx.record({
        type: 'external-event.featured-toggled',
        resourceId: id,
        payload: { event_id: id, is_featured: isFeatured, affected_ids: [id, ...cleared] },
      });
      return toExternalEventResponse(updated);
    });
  }

  async remove(id: number, actor: EventActor): Promise<void> {
    await this.uow.run(actor, async (tx) => {
      const current = await this.events.findByIdForUpdate(tx.manager, id);
      if (!current) throw new DomainException(ErrorCode.NotFound, EVENT_NOT_FOUND);
      if (current.status !== 'draft') {
        throw new DomainException(ErrorCode.OnlyDraftsDeletable, 'Solo se pueden eliminar eventos en borrador.');
      }
      await this.events.delete(tx.manager, id);
      await tx.record({ type: 'external-event.deleted', resourceId: id, payload: { event_id: id } });
    });
  }
}
