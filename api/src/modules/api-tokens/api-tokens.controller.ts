import { Body, Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { SignedIn } from '@core/access/access.decorators';
import { Actor, CurrentUser, type AuthUser } from '@core/access/current-user';
import { Endpoint } from '@core/http/endpoint';
import { IdParam } from '@core/http/id-param.pipe';
import type { EventActor } from '@shared/events/domain-events';
import { CreateApiTokenDto } from './api-tokens.dto';
import { ApiTokenAnswers } from './api-tokens.openapi';
import { ApiTokensService } from './api-tokens.service';

/** Personal API tokens: any signed-in person (or one of their tokens, within its scopes) manages their own. */
@ApiTags('tokens')
@Controller('tokens')
export class ApiTokensController {
  constructor(private readonly tokens: ApiTokensService) {}

  @Endpoint('POST', 'Crear un token de API personal (se muestra una sola vez)', SignedIn({ apiToken: true }), {
    201: ['Token creado: el campo token no se volverá a mostrar.', ApiTokenAnswers.created],
  })
  create(@CurrentUser() user: AuthUser, @Body() dto: CreateApiTokenDto, @Actor() actor: EventActor) {
    return this.tokens.create(user, dto, actor);
  }

  @Endpoint('GET', 'Listar los tokens de API (los propios; un super administrador, todos)', SignedIn({ apiToken: true }), {
    200: ['Los tokens, sin su secreto, con su último uso.', ApiTokenAnswers.list],
  })
  async list(@CurrentUser() user: AuthUser) {
    return { tokens: await this.tokens.list(user) };
  }

  @Endpoint('DELETE :id', 'Revocar un token de API', SignedIn({ apiToken: true }), {
    200: ['Token revocado: deja de servir en la siguiente petición.', ApiTokenAnswers.revoked],
  })
  async revoke(@CurrentUser() user: AuthUser, @IdParam() id: number, @Actor() actor: EventActor) {
    return { api_token: await this.tokens.revoke(user, id, actor), message: 'Token revocado.' };
  }
}
