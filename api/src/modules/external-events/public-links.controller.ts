import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Actor } from '@core/access/current-user';
import type { EventActor } from '@shared/events/domain-events';
import { ExternalEventAnswers } from './external-events.openapi';
import { ExternalWaitlistService } from './external-waitlist.service';
import { RegistrationsService } from './registrations.service';
import { PublicRead, PublicWrite, Token } from '@core/http/public-routes';
import { waitlistLinkRoutes } from '@core/waitlist/waitlist-links.routes';

/**
 * The links a citizen follows from an e-mail, without an account: cancelling a registration here, the waitlist's
 * below. A tampered link answers 404,
 * a used one 409 and one past its time 410, each with a Spanish `message` the page shows. Answers carry the
 * citizen's own first name and the event, nothing else.
 */
@ApiTags('public')
@Controller()
export class PublicLinksController {
  constructor(private readonly registrations: RegistrationsService) {}

  @PublicRead('registros/cancelar/:token', 'Ver el registro que el enlace de cancelación cancelaría', {
    200: ['Lo que se cancelaría: el evento y el nombre de pila.', ExternalEventAnswers.cancelView],
  })
  cancelView(@Token() token: string) {
    return this.registrations.cancelView(token);
  }

  @PublicWrite('registros/cancelar/:token', 'Cancelar un registro con el enlace del correo', {
    200: ['Registro cancelado: el lugar se libera (y pasa al primero de la lista de espera).', ExternalEventAnswers.cancelled],
  })
  async cancel(@Token() token: string, @Actor() actor: EventActor) {
    await this.registrations.cancelByLink(token, actor);
    return { message: 'Tu registro fue cancelado' };
  }
}

/** The event waitlist's links: /lista-espera/confirmar/:token and /lista-espera/aceptar/:token. */
@ApiTags('public')
@Controller('lista-espera')
export class PublicWaitlistLinksController extends waitlistLinkRoutes({
  confirmView: 'La solicitud por confirmar (o ya confirmada): el evento, el nombre de pila y hasta cuándo.',
  offerView: 'El lugar ofrecido y hasta cuándo se aparta.',
  accepted: 'Oferta aceptada: registro hecho (con su confirmación por correo).',
  answers: ExternalEventAnswers,
}) {
  constructor(protected readonly waitlist: ExternalWaitlistService) {
    super();
  }
}
