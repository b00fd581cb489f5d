import { Body, Controller, Param, ParseUUIDPipe } from '@nestjs/common';
import { ApiParam, ApiTags } from '@nestjs/swagger';
import { RequirePermission } from '@core/access/access.decorators';
import { Actor } from '@core/access/current-user';
import { DomainException } from '@core/errors/domain-exception';
import type { EventActor } from '@shared/events/domain-events';
import { Endpoint } from '@core/http/endpoint';
import { IdParam } from '@core/http/id-param.pipe';
import { SendInvitationsDto } from './internal-events.dto';
import { InternalEventsAnswers as A } from './internal-events.openapi';
import { InvitationsService } from './invitations.service';

const uuidPipe = new ParseUUIDPipe({
  exceptionFactory: () => DomainException.validation({ id: ['El identificador no es válido.'] }, 'El identificador no es válido.'),
});

/**
 * Invitations by e-mail. Sending needs eventos_internos 'edit', like every change to the event's
 * attendees; looking at a request's progress needs 'view'.
 */
@ApiTags('eventos-internos')
@Controller('eventos-internos/:id/invitations')
export class InvitationsController {
  constructor(private readonly invitations: InvitationsService) {}

  /** Answers at once (202) with the job; its progress and result are pushed to the event's room. */
  @Endpoint('POST', 'Enviar las invitaciones de un evento interno', RequirePermission('eventos_internos', 'edit'), {
    202: [
      'Envío registrado y en la cola: un trabajo pone en cola una invitación por asistente (su código, su QR y el enlace de confirmación); su avance y su resultado se empujan a la sala del evento.',
      A.invitationsQueued,
    ],
  })
  send(@IdParam() id: number, @Body() dto: SendInvitationsDto, @Actor() actor: EventActor) {
    return this.invitations.request(id, dto.persona_ids, actor);
  }

  @Endpoint('GET', 'Ver el último envío de invitaciones de un evento interno', RequirePermission('eventos_internos', 'view'), {
    200: ['El último envío de invitaciones del evento (su avance o su resultado), o null.', A.lastInvitationJob],
  })
  async last(@IdParam() id: number) {
    return { job: await this.invitations.last(id) };
  }

  @Endpoint('GET :jobId', 'Ver un envío de invitaciones', RequirePermission('eventos_internos', 'view'), {
    200: ['Un envío de invitaciones del evento: estado, avance y conteos.', A.invitationJob],
  })
  @ApiParam({ name: 'jobId', format: 'uuid', description: 'Id del envío (UUID).' })
  async job(@IdParam() id: number, @Param('jobId', uuidPipe) jobId: string) {
    return { job: await this.invitations.job(id, jobId) };
  }
}
