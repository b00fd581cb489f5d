import { Body, Controller, Param } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Actor, CurrentUser, type AuthUser } from '@core/access/current-user';
import type { EventActor } from '@shared/events/domain-events';
import { PublicConfirmDto } from './internal-events.dto';
import { InternalEventsAnswers as A } from './internal-events.openapi';
import { PublicInternalEventsService } from './public-internal-events.service';
import { PublicRead, PublicWrite } from '@core/http/public-routes';

/** The invited person's page (spec 2 §2 public). Answers carry no attendee data, except the confirming person's own nombre. */
@ApiTags('public')
@Controller('eventos-internos/public')
export class PublicInternalEventsController {
  constructor(private readonly events: PublicInternalEventsService) {}

  @PublicRead(':slugOrId', 'Ver la página de un evento interno para la persona invitada', {
    200: ['El evento para la persona invitada (un borrador solo lo ve el personal).', A.publicPage],
  })
  page(@Param('slugOrId') slugOrId: string, @CurrentUser() viewer: AuthUser | undefined) {
    return this.events.publicPage(slugOrId, viewer);
  }

  @PublicWrite(':slugOrId/confirm', 'Confirmar la asistencia a un evento interno (persona invitada)', {
    200: ['Asistencia confirmada con el código (o ya lo estaba).', A.publicConfirm],
  })
  confirm(@Param('slugOrId') slugOrId: string, @Body() dto: PublicConfirmDto, @Actor() actor: EventActor) {
    return this.events.publicConfirm(slugOrId, dto.code, actor);
  }
}
