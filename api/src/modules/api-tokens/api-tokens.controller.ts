import { Body, Controller, Delete, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiTokenAllowed, SignedIn } from '@core/access/access.decorators';
import { Actor, CurrentUser, type AuthUser } from '@core/access/current-user';
import { IdParam } from '@core/http/id-param.pipe';
import { Answer } from '@core/http/openapi-answers';
import type { EventActor } from '@shared/events/domain-events';
import { CreateApiTokenDto } from './api-tokens.dto';
import { ApiTokenAnswers } from './api-tokens.openapi';
import { ApiTokensService } from './api-tokens.service';

/** Personal API tokens: any signed-in person (or one of their tokens, within its scopes) manages their own. */
@ApiTags('tokens')
@Controller('tokens')
export class ApiTokensController {
  constructor(private readonly tokens: ApiTokensService) {}

  @Post()
  @ApiOperation({ summary: 'Crear un token de API personal (se muestra una sola vez)' })
  @Answer(201, 'Token creado: el campo token no se volverá a mostrar.', ApiTokenAnswers.created)
  @SignedIn()
  @ApiTokenAllowed()
  create(@CurrentUser() user: AuthUser, @Body() dto: CreateApiTokenDto, @Actor() actor: EventActor) {
    return this.tokens.create(user, dto, actor);
  }

  @Get()
  @ApiOperation({ summary: 'Listar los tokens de API (los propios; un super administrador, todos)' })
  @Answer(200, 'Los tokens, sin su secreto, con su último uso.', ApiTokenAnswers.list)
  @SignedIn()
  @ApiTokenAllowed()
  async list(@CurrentUser() user: AuthUser) {
    return { tokens: await this.tokens.list(user) };
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Revocar un token de API' })
  @Answer(200, 'Token revocado: deja de servir en la siguiente petición.', ApiTokenAnswers.revoked)
  @HttpCode(200)
  @SignedIn()
  @ApiTokenAllowed()
  async revoke(@CurrentUser() user: AuthUser, @IdParam() id: number, @Actor() actor: EventActor) {
    return { api_token: await this.tokens.revoke(user, id, actor), message: 'Token revocado.' };
  }
}
