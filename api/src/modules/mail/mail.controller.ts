import { Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { RequirePermissionInAnyArea } from '@core/access/access.decorators';
import { Actor, CurrentUser, type AuthUser } from '@core/access/current-user';
import { IdParamPipe } from '@core/http/id-param.pipe';
import { Answer } from '@core/http/openapi-answers';
import { MAIL_AREAS } from '@shared/contracts/mail.contract';
import type { EventActor } from '@shared/events/domain-events';
import { CorreosQueryDto } from './mail.dto';
import { MailAnswers } from './mail.openapi';
import { MailService } from './mail.service';

/**
 * 'Correos' (docs/decisions/correos.md): staff who may view events or programs read the messages about what
 * they may view (super admins, all); resending needs edit on that area. Each route checks the row's area.
 */
@ApiTags('correos')
@ApiBearerAuth()
@Controller('correos')
export class MailController {
  constructor(private readonly mail: MailService) {}

  @ApiOperation({ summary: 'Listar los correos enviados' })
  @Get()
  @RequirePermissionInAnyArea(MAIL_AREAS, 'view')
  @Answer(200, 'Los mensajes que el usuario puede ver, del más nuevo al más viejo, 25 por página.', MailAnswers.list)
  list(@CurrentUser() user: AuthUser, @Query() query: CorreosQueryDto) {
    return this.mail.list(user, query);
  }

  @ApiOperation({ summary: 'Listar a qué se refieren los correos (filtro)' })
  @Get('referencias')
  @RequirePermissionInAnyArea(MAIL_AREAS, 'view')
  @Answer(200, 'Los eventos y programas con mensajes (el filtro «por evento»).', MailAnswers.refs)
  async refs(@CurrentUser() user: AuthUser) {
    return { referencias: await this.mail.refs(user) };
  }

  @ApiOperation({ summary: 'Ver un correo y su contenido' })
  @Get(':id')
  @RequirePermissionInAnyArea(MAIL_AREAS, 'view')
  @Answer(200, 'Un mensaje con su asunto, HTML, texto y adjuntos.', MailAnswers.detail)
  async detail(@CurrentUser() user: AuthUser, @Param('id', IdParamPipe) id: number) {
    return { correo: await this.mail.detail(user, id) };
  }

  @ApiOperation({ summary: 'Reenviar un correo' })
  @Post(':id/reenviar')
  @HttpCode(200)
  @RequirePermissionInAnyArea(MAIL_AREAS, 'edit')
  @Answer(200, 'El mensaje fallido vuelve a la cola (mismo Message-ID).', MailAnswers.resent)
  async resend(@CurrentUser() user: AuthUser, @Param('id', IdParamPipe) id: number, @Actor() actor: EventActor) {
    return { correo: await this.mail.resend(user, id, actor), message: 'El correo se puso en cola para enviarse de nuevo' };
  }
}
