import { Body, Controller, Delete, Get, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { SuperAdminOnly } from '@core/access/access.decorators';
import { Actor, CurrentUser, type AuthUser } from '@core/access/current-user';
import type { EventActor } from '@shared/events/domain-events';
import { IdParam } from '@core/http/id-param.pipe';
import { CreateUserDto, UpdateUserDto } from './users.dto';
import { UsersService } from './users.service';
import { Answer } from '@core/http/openapi-answers';
import { UserAnswers } from './users.openapi';

@ApiTags('users')
@ApiBearerAuth()
@Controller('users')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @ApiOperation({ summary: 'Listar los usuarios' })
  @Get()
  @SuperAdminOnly()
  @Answer(200, 'Todas las cuentas.', UserAnswers.list)
  async list() {
    return { users: await this.users.list() };
  }

  @ApiOperation({ summary: 'Crear un usuario' })
  @Post()
  @SuperAdminOnly()
  @Answer(201, 'Cuenta creada.', UserAnswers.saved('Usuario creado exitosamente'))
  async create(@Body() dto: CreateUserDto, @Actor() actor: EventActor) {
    return { user: await this.users.create(dto, actor), message: 'Usuario creado exitosamente' };
  }

  @ApiOperation({ summary: 'Editar un usuario' })
  @Put(':id')
  @SuperAdminOnly()
  @Answer(200, 'Cuenta actualizada.', UserAnswers.saved('Usuario actualizado exitosamente'))
  async update(@IdParam() id: number, @Body() dto: UpdateUserDto, @CurrentUser() caller: AuthUser, @Actor() actor: EventActor) {
    return { user: await this.users.update(id, dto, caller, actor), message: 'Usuario actualizado exitosamente' };
  }

  @ApiOperation({ summary: 'Eliminar un usuario' })
  @Delete(':id')
  @SuperAdminOnly()
  @Answer(200, 'Cuenta eliminada.', UserAnswers.deleted)
  async remove(@IdParam() id: number, @CurrentUser() caller: AuthUser, @Actor() actor: EventActor) {
    await this.users.remove(id, caller, actor);
    return { message: 'Usuario eliminado exitosamente' };
  }
}
