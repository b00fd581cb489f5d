import { Controller, Param, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { RequirePermissionInAnyArea } from '@core/access/access.decorators';
import { Actor, CurrentUser, type AuthUser } from '@core/access/current-user';
import { Endpoint } from '@core/http/endpoint';
import { IdParamPipe } from '@core/http/id-param.pipe';
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
@Controller('correos')
export class MailController {
  constructor(private readonly mail: MailService) {}

  @Endpoint('GET', 'Listar los correos enviados', RequirePermissionInAnyArea(MAIL_AREAS, 'view'), {
    200: ['Los mensajes que el usuario puede ver, del más nuevo al más viejo, 25 por página.', MailAnswers.list],
  })
  list(@CurrentUser() user: AuthUser, @Query() query: CorreosQueryDto) {
    return this.mail.list(user, query);
  }

  @Endpoint('GET referencias', 'Listar a qué se refieren los correos (filtro)', RequirePermissionInAnyArea(MAIL_AREAS, 'view'), {
    200: ['Los eventos y programas con mensajes (el filtro «por evento»).', MailAnswers.refs],
  })
  async refs(@CurrentUser() user: AuthUser) {
    return { referencias: await this.mail.refs(user) };
  }

  @Endpoint('GET :id', 'Ver un correo y su contenido', RequirePermissionInAnyArea(MAIL_AREAS, 'view'), {
    200: ['Un mensaje con su asunto, HTML, texto y adjuntos.', MailAnswers.detail],
  })
  async detail(@CurrentUser() user: AuthUser, @Param('id', IdParamPipe) id: number) {
    return { correo: await this.mail.detail(user, id) };
  }

  @Endpoint('POST :id/reenviar', 'Reenviar un correo', RequirePermissionInAnyArea(MAIL_AREAS, 'edit'), {
    200: ['El mensaje fallido vuelve a la cola (mismo Message-ID).', MailAnswers.resent],
  })
  async resend(@CurrentUser() user: AuthUser, @Param('id', IdParamPipe) id: number, @Actor() actor: EventActor) {
    return { correo: await this.mail.resend(user, id, actor), message: 'El correo se puso en cola para enviarse de nuevo' };
  }
}
