import { Body, Controller, Res, UploadedFile, UseInterceptors } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { RequireAnyPermission, RequirePermission } from '@core/access/access.decorators';
import { Actor, CurrentUser, type AuthUser } from '@core/access/current-user';
import type { EventActor } from '@shared/events/domain-events';
import { Endpoint } from '@core/http/endpoint';
import { sendAttachment, exportAnswer } from '@core/http/downloads';
import { IdParam } from '@core/http/id-param.pipe';
import { ApiFileUpload } from '@core/http/openapi-schemas';
import { FileUploadInterceptor } from '@core/http/file-upload.interceptor';
import { MAX_IMAGE_BYTES } from '../images/image-processing';
import { IMAGE_TOO_LARGE_MESSAGE } from '../images/images.service';
import { CreateExternalEventDto, UpdateExternalEventDto } from './external-events.dto';
import { toExternalEventResponse } from './external-events.mapper';
import { ExternalEventsService } from './external-events.service';
import { RegistrationsService } from './registrations.service';
import { ExternalEventAnswers } from './external-events.openapi';
import { ExternalWaitlistService } from './external-waitlist.service';

@ApiTags('eventos-externos')
@Controller('eventos-externos')
export class ExternalEventsController {
  constructor(
    private readonly events: ExternalEventsService,
    private readonly registrations: RegistrationsService,
    private readonly waitlist: ExternalWaitlistService,
  ) {}

  @Endpoint('GET', 'Listar los eventos externos', RequirePermission('eventos_externos', 'view'), {
    200: ['Todos los eventos externos.', ExternalEventAnswers.list],
  })
  async list() {
    return { events: await this.events.list() };
  }

  @Endpoint('POST', 'Crear un evento externo', RequirePermission('eventos_externos', 'create'), {
    201: ['Evento creado.', ExternalEventAnswers.saved('Evento creado exitosamente')],
  })
  async create(@Body() dto: CreateExternalEventDto, @Actor() actor: EventActor) {
    return { event: await this.events.create(dto, actor), message: 'Evento creado exitosamente' };
  }

  @Endpoint('PUT :id', 'Editar un evento externo', RequirePermission('eventos_externos', 'edit'), {
    200: ['Evento actualizado.', ExternalEventAnswers.saved('Evento actualizado exitosamente')],
  })
  async update(@IdParam() id: number, @Body() dto: UpdateExternalEventDto, @Actor() actor: EventActor) {
    return { event: await this.events.update(id, dto, actor), message: 'Evento actualizado exitosamente' };
  }

  /** 'edit', or 'create' for an event the caller created: the service decides which applies. */
  @Endpoint('POST :id/upload-image', 'Subir la imagen de un evento externo', RequireAnyPermission('eventos_externos', 'create', 'edit'), {
    201: ['Imagen guardada (re-codificada) y asignada al evento.', ExternalEventAnswers.image],
  })
  @ApiFileUpload('image', 'Imagen JPEG, PNG, GIF o SVG de hasta 5 MB.')
  @UseInterceptors(FileUploadInterceptor('image', MAX_IMAGE_BYTES, IMAGE_TOO_LARGE_MESSAGE))
  async uploadImage(
    @IdParam() id: number,
    @UploadedFile() file: Express.Multer.File,
    @CurrentUser() caller: AuthUser,
    @Actor() actor: EventActor,
  ) {
    return this.events.uploadImage(id, file.buffer, caller, actor);
  }

  @Endpoint('PUT :id/toggle-featured', 'Destacar o dejar de destacar un evento externo', RequirePermission('eventos_externos', 'edit'), {
    200: ['Marca de destacado alternada.', ExternalEventAnswers.featured],
  })
  async toggleFeatured(@IdParam() id: number, @Actor() actor: EventActor) {
    const event = await this.events.toggleFeatured(id, actor);
    return { is_featured: event.is_featured, event };
  }

  @Endpoint('DELETE :id', 'Eliminar un evento externo', RequirePermission('eventos_externos', 'delete'), {
    200: ['Evento eliminado.', ExternalEventAnswers.deleted('Evento eliminado exitosamente')],
  })
  async remove(@IdParam() id: number, @Actor() actor: EventActor) {
    await this.events.remove(id, actor);
    return { message: 'Evento eliminado exitosamente' };
  }

  @Endpoint('GET :id/registrations', 'Listar los registros de un evento externo', RequirePermission('eventos_externos', 'view'), {
    200: ['El evento y sus registros.', ExternalEventAnswers.registrations],
  })
  async registrationsOf(@IdParam() id: number) {
    const event = await this.events.get(id);
    return { event: toExternalEventResponse(event), registrations: await this.registrations.list(event) };
  }

  /** The registrations as a CSV file (spec 1 §9), safe to open in a spreadsheet. */
  @Endpoint('GET :id/registrations/export', 'Exportar los registros del evento (CSV)', RequirePermission('eventos_externos', 'view'), {
    200: exportAnswer('csv', 'Registros'),
  })
  async exportRegistrations(@IdParam() id: number, @Res() res: Response) {
    sendAttachment(res, await this.registrations.export(await this.events.get(id), 'csv'));
  }

  /** The same table as an Excel workbook, with the same permission. */
  @Endpoint(
    'GET :id/registrations/export.xlsx',
    'Exportar los registros del evento (Excel)',
    RequirePermission('eventos_externos', 'view'),
    { 200: exportAnswer('xlsx', 'Registros') },
  )
  async exportRegistrationsXlsx(@IdParam() id: number, @Res() res: Response) {
    sendAttachment(res, await this.registrations.export(await this.events.get(id), 'xlsx'));
  }

  @Endpoint(
    'PUT :id/registrations/:registrationId/confirm',
    'Confirmar la asistencia de un registro',
    RequirePermission('eventos_externos', 'edit'),
    { 200: ['Asistencia confirmada.', ExternalEventAnswers.attendance('Asistencia confirmada')] },
  )
  async confirm(@IdParam() id: number, @IdParam('registrationId') registrationId: number, @Actor() actor: EventActor) {
    return { registration: await this.registrations.setAttendance(id, registrationId, true, actor), message: 'Asistencia confirmada' };
  }

  @Endpoint(
    'PUT :id/registrations/:registrationId/unconfirm',
    'Quitar la confirmación de asistencia de un registro',
    RequirePermission('eventos_externos', 'edit'),
    { 200: ['Confirmación cancelada.', ExternalEventAnswers.attendance('Confirmación cancelada')] },
  )
  async unconfirm(@IdParam() id: number, @IdParam('registrationId') registrationId: number, @Actor() actor: EventActor) {
    return { registration: await this.registrations.setAttendance(id, registrationId, false, actor), message: 'Confirmación cancelada' };
  }

  @Endpoint(
    'DELETE :id/registrations/:registrationId',
    'Eliminar un registro de un evento externo',
    RequirePermission('eventos_externos', 'delete'),
    { 200: ['Registro eliminado.', ExternalEventAnswers.deleted('Registro eliminado exitosamente')] },
  )
  async removeRegistration(@IdParam() id: number, @IdParam('registrationId') registrationId: number, @Actor() actor: EventActor) {
    await this.registrations.remove(id, registrationId, actor);
    return { message: 'Registro eliminado exitosamente' };
  }

  /** The event's waitlist beside its registrations board: in line order, with offers and until when. */
  @Endpoint('GET :id/waitlist', 'Listar la lista de espera de un evento externo', RequirePermission('eventos_externos', 'view'), {
    200: ['La lista de espera activa (en espera y con oferta), en orden.', ExternalEventAnswers.waitlist],
  })
  async waitlistOf(@IdParam() id: number) {
    const event = await this.events.get(id);
    return { entries: await this.waitlist.list(event.id) };
  }

  /** Removes someone from the line; a place held for them goes to the next. */
  @Endpoint(
    'DELETE :id/waitlist/:entryId',
    'Quitar a alguien de la lista de espera de un evento externo',
    RequirePermission('eventos_externos', 'delete'),
    { 200: ['Quitado de la lista de espera.', ExternalEventAnswers.deleted('Quitado de la lista de espera')] },
  )
  async removeFromWaitlist(@IdParam() id: number, @IdParam('entryId') entryId: number, @Actor() actor: EventActor) {
    await this.waitlist.remove(id, entryId, actor);
    return { message: 'Quitado de la lista de espera' };
  }
}
