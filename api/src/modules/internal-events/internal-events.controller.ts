import { Body, Controller, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { RequirePermission } from '@core/access/access.decorators';
import { Actor } from '@core/access/current-user';
import type { EventActor } from '@shared/events/domain-events';
import { Endpoint } from '@core/http/endpoint';
import { IdParam } from '@core/http/id-param.pipe';
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
@Controller()
export class InternalEventsController {
  constructor(
    private readonly events: InternalEventsService,
    private readonly attendees: AttendeesService,
  ) {}

  @Endpoint('GET eventos-internos', 'Listar los eventos internos', RequirePermission('eventos_internos', 'view'), {
    200: ['Los eventos internos, filtrados por estado y tipo.', A.list],
  })
  async list(@Query() query: InternalEventsQueryDto) {
    return { eventos: await this.events.list(query) };
  }

  @Endpoint('POST eventos-internos', 'Crear un evento interno', RequirePermission('eventos_internos', 'create'), {
    201: ['Evento interno creado (sin espacio ni asistentes).', A.saved('Evento interno creado exitosamente')],
  })
  async create(@Body() dto: CreateInternalEventDto, @Actor() actor: EventActor) {
    return { evento: await this.events.create(dto, actor), message: 'Evento interno creado exitosamente' };
  }

  @Endpoint('GET eventos-internos/:id', 'Ver un evento interno', RequirePermission('eventos_internos', 'view'), {
    200: ['Un evento interno con su espacio y sus contadores.', A.one],
  })
  async get(@IdParam() id: number) {
    return { evento: await this.events.get(id) };
  }

  @Endpoint('PUT eventos-internos/:id', 'Editar un evento interno', RequirePermission('eventos_internos', 'edit'), {
    200: ['Evento interno actualizado (el espacio se cambia con assign-espacio).', A.saved('Evento interno actualizado exitosamente')],
  })
  async update(@IdParam() id: number, @Body() dto: UpdateInternalEventDto, @Actor() actor: EventActor) {
    return { evento: await this.events.update(id, dto, actor), message: 'Evento interno actualizado exitosamente' };
  }

  @Endpoint('DELETE eventos-internos/:id', 'Eliminar un evento interno', RequirePermission('eventos_internos', 'delete'), {
    200: ['Evento eliminado (solo en borrador), con sus invitaciones.', A.message('Evento interno eliminado exitosamente')],
  })
  async remove(@IdParam() id: number, @Actor() actor: EventActor) {
    await this.events.remove(id, actor);
    return { message: 'Evento interno eliminado exitosamente' };
  }

  @Endpoint(
    'GET eventos-internos/:id/asistentes',
    'Listar los asistentes de un evento interno',
    RequirePermission('eventos_internos', 'view'),
    { 200: ['Las personas invitadas, con su confirmación, su código y su asiento.', A.asistentes] },
  )
  async asistentes(@IdParam() id: number) {
    return { asistentes: await this.attendees.asistentes(id) };
  }

  @Endpoint(
    'POST eventos-internos/:id/asistentes',
    'Asignar personas como asistentes de un evento interno',
    RequirePermission('eventos_internos', 'edit'),
    { 201: ['Personas invitadas como pendiente, cada una con su código.', A.assigned] },
  )
  assign(@IdParam() id: number, @Body() dto: AssignAsistentesDto, @Actor() actor: EventActor) {
    return this.attendees.assign(id, dto.persona_ids, actor);
  }

  @Endpoint(
    'DELETE eventos-internos/:id/asistentes/:personaId',
    'Quitar a un asistente de un evento interno',
    RequirePermission('eventos_internos', 'edit'),
    { 200: ['Invitación retirada; su asiento, si tenía, queda libre.', A.message('Asistente removido exitosamente')] },
  )
  async removeAttendee(@IdParam() id: number, @IdParam('personaId') personaId: number, @Actor() actor: EventActor) {
    await this.attendees.removeAttendee(id, personaId, actor);
    return { message: 'Asistente removido exitosamente' };
  }

  /**
   * The status button (spec 2 §6: "any logged-in user may view … the status button"): changing a
   * status is a change, so it needs 'edit' (docs/decisions.md).
   */
  @Endpoint(
    'PUT eventos-internos/:id/asistentes/:personaId',
    'Cambiar la asistencia de una persona a un evento interno',
    RequirePermission('eventos_internos', 'edit'),
    { 200: ['Confirmación cambiada; con seccion_id, el asiento dado en la misma operación.', A.attendance] },
  )
  updateAttendance(
    @IdParam() id: number,
    @IdParam('personaId') personaId: number,
    @Body() dto: UpdateAsistenteDto,
    @Actor() actor: EventActor,
  ) {
    return this.attendees.updateAttendance(id, personaId, dto, actor);
  }

  @Endpoint(
    'GET eventos-internos/:id/available-personas',
    'Listar las personas que se pueden asignar a un evento interno',
    RequirePermission('eventos_internos', 'edit'),
    { 200: ['Personas aún no invitadas, por páginas, que coinciden con la búsqueda.', A.availablePersonas] },
  )
  availablePersonas(@IdParam() id: number, @Query() query: AvailablePersonasQueryDto) {
    return this.attendees.availablePersonas(id, query);
  }

  @Endpoint(
    'POST eventos-internos/:id/auto-assign-seat',
    'Asignar un asiento automáticamente a un asistente',
    RequirePermission('eventos_internos', 'edit'),
    { 201: ['El primer asiento libre de la sección (filas de adelante, desde el centro).', A.seat] },
  )
  autoAssignSeat(@IdParam() id: number, @Body() dto: AutoAssignSeatDto, @Actor() actor: EventActor) {
    return this.attendees.autoAssignSeat(id, dto.persona_id, dto.seccion_id, actor);
  }

  @Endpoint(
    'POST eventos-internos/:id/assign-espacio',
    'Asignar un espacio a un evento interno',
    RequirePermission('eventos_internos', 'edit'),
    {
      201: ['Espacio del evento asignado, cambiado o quitado (espacio_id null).', A.espacio],
      409: ['Hay asientos asignados: cambiar el espacio los liberaría (se confirma con replace_existing).', A.requiresConfirmation],
    },
  )
  assignEspacio(@IdParam() id: number, @Body() dto: AssignEspacioDto, @Actor() actor: EventActor) {
    return this.events.assignEspacio(id, dto, actor);
  }

  /** Catalogues for the seating filters (spec 2 §7). */
  @Endpoint('GET sectores', 'Listar los sectores del catálogo', RequirePermission('eventos_internos', 'view'), {
    200: ['Catálogo de sectores, para los filtros de asientos.', A.sectores],
  })
  async sectores() {
    return { sectores: await this.attendees.sectores() };
  }

  @Endpoint('GET empresas', 'Listar las empresas del catálogo', RequirePermission('eventos_internos', 'view'), {
    200: ['Catálogo de empresas, para los filtros de asientos.', A.empresas],
  })
  async empresas() {
    return { empresas: await this.attendees.empresas() };
  }
}
