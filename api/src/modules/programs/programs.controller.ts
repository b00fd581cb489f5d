import { Body, Controller, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { RequirePermissionInAnyArea } from '@core/access/access.decorators';
import type { Action } from '@shared/permissions';
import { Actor } from '@core/access/current-user';
import type { EventActor } from '@shared/events/domain-events';
import { Endpoint } from '@core/http/endpoint';
import { sendAttachment, exportAnswer } from '@core/http/downloads';
import { IdParam } from '@core/http/id-param.pipe';
import { CreateProgramaDto, RegistrationStatusDto, UpdateProgramaDto } from './programs.dto';
import { ProgramAnswers } from './programs.openapi';
import { PROGRAM_AREAS } from './programs.realtime';
import { ProgramWaitlistService } from './program-waitlist.service';
import { ProgramsService } from './programs.service';

/** Spec 3 §6: each action is granted by programas_servicios or eventos_externos (or super admin). */
const RequireProgramPermission = (action: Action) => RequirePermissionInAnyArea(PROGRAM_AREAS, action);

@ApiTags('programas-servicios')
@Controller('programas-servicios')
export class ProgramsController {
  constructor(
    private readonly programs: ProgramsService,
    private readonly waitlist: ProgramWaitlistService,
  ) {}

  @Endpoint('GET', 'Listar los programas y servicios', RequireProgramPermission('view'), {
    200: ['Todos los programas.', ProgramAnswers.list],
  })
  async list() {
    return { programas: await this.programs.list() };
  }

  @Endpoint('POST', 'Crear un programa o servicio', RequireProgramPermission('create'), {
    201: ['Programa creado.', ProgramAnswers.saved('Programa creado exitosamente')],
  })
  async create(@Body() dto: CreateProgramaDto, @Actor() actor: EventActor) {
    return { programa: await this.programs.create(dto, actor), message: 'Programa creado exitosamente' };
  }

  /** The whole form, or only es_destacado (the star): both need 'edit'. */
  @Endpoint('PUT :id', 'Editar un programa o servicio', RequireProgramPermission('edit'), {
    200: ['Programa actualizado (o su estrella cambiada).', ProgramAnswers.saved('Programa actualizado exitosamente')],
  })
  async update(@IdParam() id: number, @Body() dto: UpdateProgramaDto, @Actor() actor: EventActor) {
    return { programa: await this.programs.update(id, dto, actor), message: 'Programa actualizado exitosamente' };
  }

  @Endpoint('DELETE :id', 'Eliminar un programa o servicio', RequireProgramPermission('delete'), {
    200: ['Programa eliminado (solo borradores sin registros).', ProgramAnswers.deleted],
  })
  async remove(@IdParam() id: number, @Actor() actor: EventActor) {
    await this.programs.remove(id, actor);
    return { message: 'Programa eliminado exitosamente' };
  }

  @Endpoint('GET :id/registrations', 'Listar los registros de un programa', RequireProgramPermission('view'), {
    200: ['El programa y sus registros.', ProgramAnswers.registrations],
  })
  async registrations(@IdParam() id: number) {
    return this.programs.registrations(id);
  }

  /** A program's registrations as a CSV file, with the conventions of the other exports. */
  @Endpoint('GET :id/registrations/export', 'Exportar los registros del programa (CSV)', RequireProgramPermission('view'), {
    200: exportAnswer('csv', 'Registros'),
  })
  async exportRegistrations(@IdParam() id: number, @Res() res: Response) {
    sendAttachment(res, await this.programs.export(id, 'csv'));
  }

  /** The same table as an Excel workbook, with the same permission. */
  @Endpoint('GET :id/registrations/export.xlsx', 'Exportar los registros del programa (Excel)', RequireProgramPermission('view'), {
    200: exportAnswer('xlsx', 'Registros'),
  })
  async exportRegistrationsXlsx(@IdParam() id: number, @Res() res: Response) {
    sendAttachment(res, await this.programs.export(id, 'xlsx'));
  }

  @Endpoint(
    'PUT :id/registrations/:registrationId/status',
    'Cambiar el estado de un registro de un programa',
    RequireProgramPermission('edit'),
    { 200: ['Estado del registro cambiado.', ProgramAnswers.status] },
  )
  async setStatus(
    @IdParam() id: number,
    @IdParam('registrationId') registrationId: number,
    @Body() dto: RegistrationStatusDto,
    @Actor() actor: EventActor,
  ) {
    const registration = await this.programs.setRegistrationStatus(id, registrationId, dto.status, actor);
    return { registration, message: `El registro ha sido marcado como ${registration.status}` };
  }

  /** The program's waitlist beside its registrations: in line order, with offers and until when. */
  @Endpoint('GET :id/waitlist', 'Listar la lista de espera de un programa', RequireProgramPermission('view'), {
    200: ['La lista de espera activa (en espera y con oferta), en orden.', ProgramAnswers.waitlist],
  })
  async waitlistOf(@IdParam() id: number) {
    const programa = await this.programs.get(id);
    return { entries: await this.waitlist.list(programa.id) };
  }

  /** Takes someone out of the line; a place held for them goes to the next. */
  @Endpoint('DELETE :id/waitlist/:entryId', 'Quitar a alguien de la lista de espera de un programa', RequireProgramPermission('delete'), {
    200: ['Quitado de la lista de espera (su lugar apartado pasa al siguiente).', ProgramAnswers.waitlistRemoved],
  })
  async removeFromWaitlist(@IdParam() id: number, @IdParam('entryId') entryId: number, @Actor() actor: EventActor) {
    await this.waitlist.remove(id, entryId, actor);
    return { message: 'Quitado de la lista de espera' };
  }
}
