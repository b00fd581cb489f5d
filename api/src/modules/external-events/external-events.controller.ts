import { Body, Controller, Delete, Get, Post, Put, Res, UploadedFile, UseInterceptors } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { RequireAnyPermission, RequirePermission } from '@core/access/access.decorators';
import { Actor, CurrentUser, type AuthUser } from '@core/access/current-user';
import type { EventActor } from '@shared/events/domain-events';
import { ExportAnswer, sendAttachment } from '@core/http/downloads';
import { IdParam } from '@core/http/id-param.pipe';
import { ApiFileUpload } from '@core/http/openapi-schemas';
import { FileUploadInterceptor } from '@core/http/file-upload.interceptor';
import { MAX_IMAGE_BYTES } from '../images/image-processing';
import { IMAGE_TOO_LARGE_MESSAGE } from '../images/images.service';
import { CreateExternalEventDto, UpdateExternalEventDto } from './external-events.dto';
import { toExternalEventResponse } from './external-events.mapper';
import { ExternalEventsService } from './external-events.service';
import { RegistrationsService } from './registrations.service';
import { Answer } from '@core/http/openapi-answers';
import { ExternalEventAnswers } from './external-events.openapi';
import { ExternalWaitlistService } from './external-waitlist.service';

@ApiTags('eventos-externos')
@ApiBearerAuth()
@Controller('eventos-externos')
export class ExternalEventsController {
  constructor(
    private readonly events: ExternalEventsService,
    private readonly registrations: RegistrationsService,
    private readonly waitlist: ExternalWaitlistService,
  ) {}

  @ApiOperation({ summary: 'Listar los eventos externos' })
  @Get()
  @Answer(200, 'Todos los eventos externos.', ExternalEventAnswers.list)
  @RequirePermission('eventos_externos', 'view')
  async list() {
    return { events: await this.events.list() };
  }

  @ApiOperation({ summary: 'Crear un evento externo' })
  @Post()
  @Answer(201, 'Evento creado.', ExternalEventAnswers.saved('Evento creado exitosamente'))
  @RequirePermission('eventos_externos', 'create')
  async create(@Body() dto: CreateExternalEventDto, @Actor() actor: EventActor) {
    return { event: await this.events.create(dto, actor), message: 'Evento creado exitosamente' };
  }

  @ApiOperation({ summary: 'Editar un evento externo' })
  @Put(':id')
  @Answer(200, 'Evento actualizado.', ExternalEventAnswers.saved('Evento actualizado exitosamente'))
  @RequirePermission('eventos_externos', 'edit')
  async update(@IdParam() id: number, @Body() dto: UpdateExternalEventDto, @Actor() actor: EventActor) {
    return { event: await this.events.update(id, dto, actor), message: 'Evento actualizado exitosamente' };
  }

  /** 'edit', or 'create' for an event the caller created: the service decides which applies. */
  @ApiOperation({ summary: 'Subir la imagen de un evento externo' })
  @Post(':id/upload-image')
  @Answer(201, 'Imagen guardada (re-codificada) y asignada al evento.', ExternalEventAnswers.image)
  @RequireAnyPermission('eventos_externos', 'create', 'edit')
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

  @ApiOperation({ summary: 'Destacar o dejar de destacar un evento externo' })
  @Put(':id/toggle-featured')
  @Answer(200, 'Marca de destacado alternada.', ExternalEventAnswers.featured)
  @RequirePermission('eventos_externos', 'edit')
  async toggleFeatured(@IdParam() id: number, @Actor() actor: EventActor) {
    const event = await this.events.toggleFeatured(id, actor);
    return { is_featured: event.is_featured, event };
  }

  @ApiOperation({ summary: 'Eliminar un evento externo' })
  @Delete(':id')
  @Answer(200, 'Evento eliminado.', ExternalEventAnswers.deleted('Evento eliminado exitosamente'))
  @RequirePermission('eventos_externos', 'delete')
  async remove(@IdParam() id: number, @Actor() actor: EventActor) {
    await this.events.remove(id, actor);
    return { message: 'Evento eliminado exitosamente' };
  }

  @ApiOperation({ summary: 'Listar los registros de un evento externo' })
  @Get(':id/registrations')
  @Answer(200, 'El evento y sus registros.', ExternalEventAnswers.registrations)
  @RequirePermission('eventos_externos', 'view')
  async registrationsOf(@IdParam() id: number) {
    const event = await this.events.get(id);
    return { event: toExternalEventResponse(event), registrations: await this.registrations.list(event) };
  }

  /** The registrations as a CSV file (spec 1 §9), safe to open in a spreadsheet. */
  @Get(':id/registrations/export')
  @ExportAnswer('csv', 'Exportar los registros del evento (CSV)', 'Registros')
  @RequirePermission('eventos_externos', 'view')
  async exportRegistrations(@IdParam() id: number, @Res() res: Response) {
    sendAttachment(res, await this.registrations.export(await this.events.get(id), 'csv'));
  }

  /** The same table as an Excel workbook, with the same permission. */
  @Get(':id/registrations/export.xlsx')
  @ExportAnswer('xlsx', 'Exportar los registros del evento (Excel)', 'Registros')
  @RequirePermission('eventos_externos', 'view')
  async exportRegistrationsXlsx(@IdParam() id: number, @Res() res: Response) {
    sendAttachment(res, await this.registrations.export(await this.events.get(id), 'xlsx'));
  }

  @ApiOperation({ summary: 'Confirmar la asistencia de un registro' })
  @Put(':id/registrations/:registrationId/confirm')
  @Answer(200, 'Asistencia confirmada.', ExternalEventAnswers.attendance('Asistencia confirmada'))
  @RequirePermission('eventos_externos', 'edit')
  async confirm(@IdParam() id: number, @IdParam('registrationId') registrationId: number, @Actor() actor: EventActor) {
    return { registration: await this.registrations.setAttendance(id, registrationId, true, actor), message: 'Asistencia confirmada' };
  }

  @ApiOperation({ summary: 'Quitar la confirmación de asistencia de un registro' })
  @Put(':id/registrations/:registrationId/unconfirm')
  @Answer(200, 'Confirmación cancelada.', ExternalEventAnswers.attendance('Confirmación cancelada'))
  @RequirePermission('eventos_externos', 'edit')
  async unconfirm(@IdParam() id: number, @IdParam('registrationId') registrationId: number, @Actor() actor: EventActor) {
    return { registration: await this.registrations.setAttendance(id, registrationId, false, actor), message: 'Confirmación cancelada' };
  }

  @ApiOperation({ summary: 'Eliminar un registro de un evento externo' })
  @Delete(':id/registrations/:registrationId')
  @Answer(200, 'Registro eliminado.', ExternalEventAnswers.deleted('Registro eliminado exitosamente'))
  @RequirePermission('eventos_externos', 'delete')
  async removeRegistration(@IdParam() id: number, @IdParam('registrationId') registrationId: number, @Actor() actor: EventActor) {
    await this.registrations.remove(id, registrationId, actor);
    return { message: 'Registro eliminado exitosamente' };
  }

  /** The event's waitlist beside its registrations board: in line order, with offers and until when. */
  @ApiOperation({ summary: 'Listar la lista de espera de un evento externo' })
  @Get(':id/waitlist')
  @Answer(200, 'La lista de espera activa (en espera y con oferta), en orden.', ExternalEventAnswers.waitlist)
  @RequirePermission('eventos_externos', 'view')
  async waitlistOf(@IdParam() id: number) {
    const event = await this.events.get(id);
    return { entries: await this.waitlist.list(event.id) };
  }

  /** Removes someone from the line; a place held for them goes to the next. */
  @ApiOperation({ summary: 'Quitar a alguien de la lista de espera de un evento externo' })
  @Delete(':id/waitlist/:entryId')
  @Answer(200, 'Quitado de la lista de espera.', ExternalEventAnswers.deleted('Quitado de la lista de espera'))
  @RequirePermission('eventos_externos', 'delete')
  async removeFromWaitlist(@IdParam() id: number, @IdParam('entryId') entryId: number, @Actor() actor: EventActor) {
    await this.waitlist.remove(id, entryId, actor);
    return { message: 'Quitado de la lista de espera' };
  }
}
