import { Body, Controller, Delete, Get, Post, Put, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { RequirePermissionInAnyArea } from '@core/access/access.decorators';
import type { Action } from '@shared/permissions';
import { Actor } from '@core/access/current-user';
import type { EventActor } from '@shared/events/domain-events';
import { ExportAnswer, sendAttachment } from '@core/http/downloads';
import { IdParam } from '@core/http/id-param.pipe';
import { Answer } from '@core/http/openapi-answers';
import { CreateProgramaDto, RegistrationStatusDto, UpdateProgramaDto } from './programs.dto';
import { ProgramAnswers } from './programs.openapi';
import { PROGRAM_AREAS } from './programs.realtime';
import { ProgramWaitlistService } from './program-waitlist.service';
import { ProgramsService } from './programs.service';

/** Spec 3 §6: each action is granted by programas_servicios or eventos_externos (or super admin). */
const RequireProgramPermission = (action: Action) => RequirePermissionInAnyArea(PROGRAM_AREAS, action);

@ApiTags('programas-servicios')
@ApiBearerAuth()
@Controller('programas-servicios')
export class ProgramsController {
  constructor(
    private readonly programs: ProgramsService,
    private readonly waitlist: ProgramWaitlistService,
  ) {}

  @ApiOperation({ summary: 'Listar los programas y servicios' })
  @Get()
  @Answer(200, 'Todos los programas.', ProgramAnswers.list)
  @RequireProgramPermission('view')
  async list() {
    return { programas: await this.programs.list() };
  }

  @ApiOperation({ summary: 'Crear un programa o servicio' })
  @Post()
  @Answer(201, 'Programa creado.', ProgramAnswers.saved('Programa creado exitosamente'))
  @RequireProgramPermission('create')
  async create(@Body() dto: CreateProgramaDto, @Actor() actor: EventActor) {
    return { programa: await this.programs.create(dto, actor), message: 'Programa creado exitosamente' };
  }

  /** The whole form, or only es_destacado (the star): both need 'edit'. */
  @ApiOperation({ summary: 'Editar un programa o servicio' })
  @Put(':id')
  @Answer(200, 'Programa actualizado (o su estrella cambiada).', ProgramAnswers.saved('Programa actualizado exitosamente'))
  @RequireProgramPermission('edit')
  async update(@IdParam() id: number, @Body() dto: UpdateProgramaDto, @Actor() actor: EventActor) {
    return { programa: await this.programs.update(id, dto, actor), message: 'Programa actualizado exitosamente' };
  }

  @ApiOperation({ summary: 'Eliminar un programa o servicio' })
  @Delete(':id')
  @Answer(200, 'Programa eliminado (solo borradores sin registros).', ProgramAnswers.deleted)
  @RequireProgramPermission('delete')
  async remove(@IdParam() id: number, @Actor() actor: EventActor) {
    await this.programs.remove(id, actor);
    return { message: 'Programa eliminado exitosamente' };
  }

  @ApiOperation({ summary: 'Listar los registros de un programa' })
  @Get(':id/registrations')
  @Answer(200, 'El programa y sus registros.', ProgramAnswers.registrations)
  @RequireProgramPermission('view')
  async registrations(@IdParam() id: number) {
    return this.programs.registrations(id);
  }

  /** A program's registrations as a CSV file, with the conventions of the other exports. */
  @Get(':id/registrations/export')
  @ExportAnswer('csv', 'Exportar los registros del programa (CSV)', 'Registros')
  @RequireProgramPermission('view')
  async exportRegistrations(@IdParam() id: number, @Res() res: Response) {
    sendAttachment(res, await this.programs.export(id, 'csv'));
  }

  /** The same table as an Excel workbook, with the same permission. */
  @Get(':id/registrations/export.xlsx')
  @ExportAnswer('xlsx', 'Exportar los registros del programa (Excel)', 'Registros')
  @RequireProgramPermission('view')
  async exportRegistrationsXlsx(@IdParam() id: number, @Res() res: Response) {
    sendAttachment(res, await this.programs.export(id, 'xlsx'));
  }

  @ApiOperation({ summary: 'Cambiar el estado de un registro de un programa' })
  @Put(':id/registrations/:registrationId/status')
  @Answer(200, 'Estado del registro cambiado.', ProgramAnswers.status)
  @RequireProgramPermission('edit')
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
  @ApiOperation({ summary: 'Listar la lista de espera de un programa' })
  @Get(':id/waitlist')
  @Answer(200, 'La lista de espera activa (en espera y con oferta), en orden.', ProgramAnswers.waitlist)
  @RequireProgramPermission('view')
  async waitlistOf(@IdParam() id: number) {
    const programa = await this.programs.get(id);
    return { entries: await this.waitlist.list(programa.id) };
  }

  /** Takes someone out of the line; a place held for them goes to the next. */
  @ApiOperation({ summary: 'Quitar a alguien de la lista de espera de un programa' })
  @Delete(':id/waitlist/:entryId')
  @Answer(200, 'Quitado de la lista de espera (su lugar apartado pasa al siguiente).', ProgramAnswers.waitlistRemoved)
  @RequireProgramPermission('delete')
  async removeFromWaitlist(@IdParam() id: number, @IdParam('entryId') entryId: number, @Actor() actor: EventActor) {
    await this.waitlist.remove(id, entryId, actor);
    return { message: 'Quitado de la lista de espera' };
  }
}
