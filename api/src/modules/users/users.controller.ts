import { Body, Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { SuperAdminOnly } from '@core/access/access.decorators';
import { Actor, CurrentUser, type AuthUser } from '@core/access/current-user';
import type { EventActor } from '@shared/events/domain-events';
import { Endpoint } from '@core/http/endpoint';
import { IdParam } from '@core/http/id-param.pipe';
import { CreateUserDto, UpdateUserDto } from './users.dto';
import { UsersService } from './users.service';
import { UserAnswers } from './users.openapi';

@ApiTags('users')
@Controller('users')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Endpoint('GET', 'Listar los usuarios', SuperAdminOnly(), { 200: ['Todas las cuentas.', UserAnswers.list] })
  async list() {
    return { users: await this.users.list() };
  }

  @Endpoint('POST', 'Crear un usuario', SuperAdminOnly(), { 201: ['Cuenta creada.', UserAnswers.saved('Usuario creado exitosamente')] })
  async create(@Body() dto: CreateUserDto, @Actor() actor: EventActor) {
    return { user: await this.users.create(dto, actor), message: 'Usuario creado exitosamente' };
  }

  @Endpoint('PUT :id', 'Editar un usuario', SuperAdminOnly(), {
    200: ['Cuenta actualizada.', UserAnswers.saved('Usuario actualizado exitosamente')],
  })
  async update(@IdParam() id: number, @Body() dto: UpdateUserDto, @CurrentUser() caller: AuthUser, @Actor() actor: EventActor) {
    return { user: await this.users.update(id, dto, caller, actor), message: 'Usuario actualizado exitosamente' };
  }

  @Endpoint('DELETE :id', 'Eliminar un usuario', SuperAdminOnly(), { 200: ['Cuenta eliminada.', UserAnswers.deleted] })
  async remove(@IdParam() id: number, @CurrentUser() caller: AuthUser, @Actor() actor: EventActor) {
    await this.users.remove(id, caller, actor);
    return { message: 'Usuario eliminado exitosamente' };
  }
}
