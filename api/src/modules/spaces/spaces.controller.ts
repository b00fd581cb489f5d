import { Body, Controller, Delete, Get, Patch, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { RequirePermission } from '@core/access/access.decorators';
import { Actor } from '@core/access/current-user';
import type { EventActor } from '@shared/events/domain-events';
import { IdParam } from '@core/http/id-param.pipe';
import { Answer } from '@core/http/openapi-answers';
import { EspacioDto } from './spaces.dto';
import { SpacesAnswers } from './spaces.openapi';
import { SpacesService } from './spaces.service';

/**
 * Spaces serve internal events, so they use the eventos_internos permissions (docs/decisions.md):
 * view to read, create to create, edit to edit and (de)activate by toggle, delete to deactivate.
 */
@ApiTags('espacios')
@ApiBearerAuth()
@Controller()
export class SpacesController {
  constructor(private readonly spaces: SpacesService) {}

  @ApiOperation({ summary: 'Listar los espacios' })
  @Get('espacios')
  @Answer(200, 'Todos los espacios, activos e inactivos, del más nuevo al más antiguo.', SpacesAnswers.list)
  @RequirePermission('eventos_internos', 'view')
  async list() {
    return { espacios: await this.spaces.list() };
  }

  /** The spaces offered for new events (spec 3 §4: inactive ones are not). */
  @ApiOperation({ summary: 'Listar los espacios activos' })
  @Get('espacios-activos')
  @Answer(200, 'Los espacios activos (los que se ofrecen para eventos nuevos).', SpacesAnswers.list)
  @RequirePermission('eventos_internos', 'view')
  async listActive() {
    return { espacios: await this.spaces.list(true) };
  }

  @ApiOperation({ summary: 'Ver un espacio' })
  @Get('espacios/:id')
  @Answer(200, 'Un espacio con sus secciones.', SpacesAnswers.one)
  @RequirePermission('eventos_internos', 'view')
  async get(@IdParam() id: number) {
    return { espacio: await this.spaces.get(id) };
  }

  @ApiOperation({ summary: 'Crear un espacio' })
  @Post('espacios')
  @Answer(201, 'Espacio creado con todos sus asientos.', SpacesAnswers.saved('Espacio creado exitosamente'))
  @RequirePermission('eventos_internos', 'create')
  async create(@Body() dto: EspacioDto, @Actor() actor: EventActor) {
    return { espacio: await this.spaces.create(dto, actor), message: 'Espacio creado exitosamente' };
  }

  @ApiOperation({ summary: 'Editar un espacio' })
  @Put('espacios/:id')
  @Answer(200, 'Espacio actualizado; los asientos que siguen conservan su id.', SpacesAnswers.saved('Espacio actualizado exitosamente'))
  @RequirePermission('eventos_internos', 'edit')
  async update(@IdParam() id: number, @Body() dto: EspacioDto, @Actor() actor: EventActor) {
    return { espacio: await this.spaces.update(id, dto, actor), message: 'Espacio actualizado exitosamente' };
  }

  @ApiOperation({ summary: 'Desactivar un espacio' })
  @Delete('espacios/:id')
  @Answer(200, 'Espacio desactivado (sus datos se conservan).', SpacesAnswers.saved('Espacio desactivado exitosamente'))
  @RequirePermission('eventos_internos', 'delete')
  async deactivate(@IdParam() id: number, @Actor() actor: EventActor) {
    return { espacio: await this.spaces.deactivate(id, actor), message: 'Espacio desactivado exitosamente' };
  }

  @ApiOperation({ summary: 'Activar o desactivar un espacio' })
  @Patch('espacios/:id/toggle-active')
  @Answer(200, 'Espacio activado o desactivado.', SpacesAnswers.toggled)
  @RequirePermission('eventos_internos', 'edit')
  async toggleActive(@IdParam() id: number, @Actor() actor: EventActor) {
    const espacio = await this.spaces.toggleActive(id, actor);
    return {
      espacio,
      is_active: espacio.is_active,
      message: espacio.is_active ? 'Espacio activado exitosamente' : 'Espacio desactivado exitosamente',
    };
  }
}
