import { Body, Controller, Delete, Get, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { RequirePermission } from '@core/access/access.decorators';
import { Actor } from '@core/access/current-user';
import type { EventActor } from '@shared/events/domain-events';
import { IdParam } from '@core/http/id-param.pipe';
import { Answer } from '@core/http/openapi-answers';
import {
  AssignAsistentesDto,
  AssignEspacioDto,
  AutoAssignSeatDto,
  AvailablePersonasQueryDto,
  CreateInternalEventDto,
  InternalEventsQueryDto,
  UpdateAsistenteDto,
  UpdateInternalEventDto,
} from './internal-events.dto';
import { InternalEventsAnswers as A } from './internal-events.openapi';
import { AttendeesService } from './attendees.service';
import { InternalEventsService } from './internal-events.service';

/**
 * Internal events for staff (spec 2 §7). Reading needs eventos_internos 'view' (the spec's "any logged-in
 * user may view" is read as "any staff member with the area", docs/decisions.md); changes need the action.
 */
@ApiTags('eventos-internos')
@ApiBearerAuth()
@Controller()
export class InternalEventsController {
  constructor(
    private readonly events: InternalEventsService,
    private readonly attendees: AttendeesService,
  ) {}

  @ApiOperation({ summary: 'Listar los eventos internos' })
  @Get('eventos-internos')
  @Answer(200, 'Los eventos internos, filtrados por estado y tipo.', A.list)
  @RequirePermission('eventos_internos', 'view')
  async list(@Query() query: InternalEventsQueryDto) {
    return { eventos: await this.events.list(query) };
  }

  @ApiOperation({ summary: 'Crear un evento interno' })
  @Post('eventos-internos')
  @Answer(201, 'Evento interno creado (sin espacio ni asistentes).', A.saved('Evento interno creado exitosamente'))
  @RequirePermission('eventos_internos', 'create')
  async create(@Body() dto: CreateInternalEventDto, @Actor() actor: EventActor) {
    return { evento: await this.events.create(dto, actor), message: 'Evento interno creado exitosamente' };
  }

  @ApiOperation({ summary: 'Ver un evento interno' })
  @Get('eventos-internos/:id')
  @Answer(200, 'Un evento interno con su espacio y sus contadores.', A.one)
  @RequirePermission('eventos_internos', 'view')
  async get(@IdParam() id: number) {
    return { evento: await this.events.get(id) };
  }

  @ApiOperation({ summary: 'Editar un evento interno' })
  @Put('eventos-internos/:id')
  @Answer(200, 'Evento interno actualizado (el espacio se cambia con assign-espacio).', A.saved('Evento interno actualizado exitosamente'))
  @RequirePermission('eventos_internos', 'edit')
  async update(@IdParam() id: number, @Body() dto: UpdateInternalEventDto, @Actor() actor: EventActor) {
    return { evento: await this.events.update(id, dto, actor), message: 'Evento interno actualizado exitosamente' };
  }

  @ApiOperation({ summary: 'Eliminar un evento interno' })
  @Delete('eventos-internos/:id')
  @Answer(200, 'Evento eliminado (solo en borrador), con sus invitaciones.', A.message('Evento interno eliminado exitosamente'))
  @RequirePermission('eventos_internos', 'delete')
  async remove(@IdParam() id: number, @Actor() actor: EventActor) {
    await this.events.remove(id, actor);
    return { message: 'Evento interno eliminado exitosamente' };
  }

  @ApiOperation({ summary: 'Listar los asistentes de un evento interno' })
  @Get('eventos-internos/:id/asistentes')
  @Answer(200, 'Las personas invitadas, con su confirmación, su código y su asiento.', A.asistentes)
  @RequirePermission('eventos_internos', 'view')
  async asistentes(@IdParam() id: number) {
    return { asistentes: await this.attendees.asistentes(id) };
  }

  @ApiOperation({ summary: 'Asignar personas como asistentes de un evento interno' })
  @Post('eventos-internos/:id/asistentes')
  @Answer(201, 'Personas invitadas como pendiente, cada una con su código.', A.assigned)
  @RequirePermission('eventos_internos', 'edit')
  assign(@IdParam() id: number, @Body() dto: AssignAsistentesDto, @Actor() actor: EventActor) {
    return this.attendees.assign(id, dto.persona_ids, actor);
  }

  @ApiOperation({ summary: 'Quitar a un asistente de un evento interno' })
  @Delete('eventos-internos/:id/asistentes/:personaId')
  @Answer(200, 'Invitación retirada; su asiento, si tenía, queda libre.', A.message('Asistente removido exitosamente'))
  @RequirePermission('eventos_internos', 'edit')
  async removeAttendee(@IdParam() id: number, @IdParam('personaId') personaId: number, @Actor() actor: EventActor) {
    await this.attendees.removeAttendee(id, personaId, actor);
    return { message: 'Asistente removido exitosamente' };
  }

  /**
   * The status button (spec 2 §6: "any logged-in user may view … the status button"): changing a
   * status is a change, so it needs 'edit' (docs/decisions.md).
   */
  @ApiOperation({ summary: 'Cambiar la asistencia de una persona a un evento interno' })
  @Put('eventos-internos/:id/asistentes/:personaId')
  @Answer(200, 'Confirmación cambiada; con seccion_id, el asiento dado en la misma operación.', A.attendance)
  @RequirePermission('eventos_internos', 'edit')
  updateAttendance(
    @IdParam() id: number,
    @IdParam('personaId') personaId: number,
    @Body() dto: UpdateAsistenteDto,
    @Actor() actor: EventActor,
  ) {
    return this.attendees.updateAttendance(id, personaId, dto, actor);
  }

  @ApiOperation({ summary: 'Listar las personas que se pueden asignar a un evento interno' })
  @Get('eventos-internos/:id/available-personas')
  @Answer(200, 'Personas aún no invitadas, por páginas, que coinciden con la búsqueda.', A.availablePersonas)
  @RequirePermission('eventos_internos', 'edit')
  availablePersonas(@IdParam() id: number, @Query() query: AvailablePersonasQueryDto) {
    return this.attendees.availablePersonas(id, query);
  }

  @ApiOperation({ summary: 'Asignar un asiento automáticamente a un asistente' })
  @Post('eventos-internos/:id/auto-assign-seat')
  @Answer(201, 'El primer asiento libre de la sección (filas de adelante, desde el centro).', A.seat)
  @RequirePermission('eventos_internos', 'edit')
  autoAssignSeat(@IdParam() id: number, @Body() dto: AutoAssignSeatDto, @Actor() actor: EventActor) {
    return this.attendees.autoAssignSeat(id, dto.persona_id, dto.seccion_id, actor);
  }

  @ApiOperation({ summary: 'Asignar un espacio a un evento interno' })
  @Post('eventos-internos/:id/assign-espacio')
  @Answer(201, 'Espacio del evento asignado, cambiado o quitado (espacio_id null).', A.espacio)
  @Answer(409, 'Hay asientos asignados: cambiar el espacio los liberaría (se confirma con replace_existing).', A.requiresConfirmation)
  @RequirePermission('eventos_internos', 'edit')
  assignEspacio(@IdParam() id: number, @Body() dto: AssignEspacioDto, @Actor() actor: EventActor) {
    return this.events.assignEspacio(id, dto, actor);
  }

  /** Catalogues for the seating filters (spec 2 §7). */
  @ApiOperation({ summary: 'Listar los sectores del catálogo' })
  @Get('sectores')
  @Answer(200, 'Catálogo de sectores, para los filtros de asientos.', A.sectores)
  @RequirePermission('eventos_internos', 'view')
  async sectores() {
    return { sectores: await this.attendees.sectores() };
  }

  @ApiOperation({ summary: 'Listar las empresas del catálogo' })
  @Get('empresas')
  @Answer(200, 'Catálogo de empresas, para los filtros de asientos.', A.empresas)
  @RequirePermission('eventos_internos', 'view')
  async empresas() {
    return { empresas: await this.attendees.empresas() };
  }
}
