import { Body, Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { RequirePermission } from '@core/access/access.decorators';
import { Actor } from '@core/access/current-user';
import type { EventActor } from '@shared/events/domain-events';
import { Endpoint } from '@core/http/endpoint';
import { IdParam } from '@core/http/id-param.pipe';
import { EspacioDto } from './spaces.dto';
import { SpacesAnswers } from './spaces.openapi';
import { SpacesService } from './spaces.service';

/**
 * Spaces serve internal events, so they use the eventos_internos permissions (docs/decisions.md):
 * view to read, create to create, edit to edit and (de)activate by toggle, delete to deactivate.
 */
@ApiTags('espacios')
@Controller()
export class SpacesController {
  constructor(private readonly spaces: SpacesService) {}

  @Endpoint('GET espacios', 'Listar los espacios', RequirePermission('eventos_internos', 'view'), {
    200: ['Todos los espacios, activos e inactivos, del más nuevo al más antiguo.', SpacesAnswers.list],
  })
  async list() {
    return { espacios: await this.spaces.list() };
  }

  /** The spaces offered for new events (spec 3 §4: inactive ones are not). */
  @Endpoint('GET espacios-activos', 'Listar los espacios activos', RequirePermission('eventos_internos', 'view'), {
    200: ['Los espacios activos (los que se ofrecen para eventos nuevos).', SpacesAnswers.list],
  })
  async listActive() {
    return { espacios: await this.spaces.list(true) };
  }

  @Endpoint('GET espacios/:id', 'Ver un espacio', RequirePermission('eventos_internos', 'view'), {
    200: ['Un espacio con sus secciones.', SpacesAnswers.one],
  })
  async get(@IdParam() id: number) {
    return { espacio: await this.spaces.get(id) };
  }

  @Endpoint('POST espacios', 'Crear un espacio', RequirePermission('eventos_internos', 'create'), {
    201: ['Espacio creado con todos sus asientos.', SpacesAnswers.saved('Espacio creado exitosamente')],
  })
  async create(@Body() dto: EspacioDto, @Actor() actor: EventActor) {
    return { espacio: await this.spaces.create(dto, actor), message: 'Espacio creado exitosamente' };
  }

  @Endpoint('PUT espacios/:id', 'Editar un espacio', RequirePermission('eventos_internos', 'edit'), {
    200: ['Espacio actualizado; los asientos que siguen conservan su id.', SpacesAnswers.saved('Espacio actualizado exitosamente')],
  })
  async update(@IdParam() id: number, @Body() dto: EspacioDto, @Actor() actor: EventActor) {
    return { espacio: await this.spaces.update(id, dto, actor), message: 'Espacio actualizado exitosamente' };
  }

  @Endpoint('DELETE espacios/:id', 'Desactivar un espacio', RequirePermission('eventos_internos', 'delete'), {
    200: ['Espacio desactivado (sus datos se conservan).', SpacesAnswers.saved('Espacio desactivado exitosamente')],
  })
  async deactivate(@IdParam() id: number, @Actor() actor: EventActor) {
    return { espacio: await this.spaces.deactivate(id, actor), message: 'Espacio desactivado exitosamente' };
  }

  @Endpoint('PATCH espacios/:id/toggle-active', 'Activar o desactivar un espacio', RequirePermission('eventos_internos', 'edit'), {
    200: ['Espacio activado o desactivado.', SpacesAnswers.toggled],
  })
  async toggleActive(@IdParam() id: number, @Actor() actor: EventActor) {
    const espacio = await this.spaces.toggleActive(id, actor);
    return {
      espacio,
      is_active: espacio.is_active,
      message: espacio.is_active ? 'Espacio activado exitosamente' : 'Espacio desactivado exitosamente',
    };
  }
}
