import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ProgramWaitlistService } from './program-waitlist.service';
import { ProgramAnswers } from './programs.openapi';
import { linkTokenDoc } from '@core/http/public-routes';
import { waitlistLinkRoutes } from '@core/waitlist/waitlist-links.routes';

/**
 * The program waitlist's links: confirming a join and the offer, beside the events' /lista-espera/aceptar: its own path and its own
 * link purpose, so a token of one table never names a row of the other. A tampered link answers 404, a used one 409
 * and one past its time 410, each with a Spanish `message`. Answers carry the citizen's first name and the program.
 */
@ApiTags('public')
@Controller('lista-espera/programa')
export class PublicProgramLinksController extends waitlistLinkRoutes({
  confirmView: 'La solicitud por confirmar (o ya confirmada): el programa, el nombre de pila y hasta cuándo.',
  offerView: 'El lugar ofrecido en el programa y hasta cuándo se aparta.',
  accepted: 'Oferta aceptada: solicitud registrada (pendiente, con su correo de solicitud recibida).',
  answers: ProgramAnswers,
  token: linkTokenDoc('propósito `confirm-program-waitlist-join` (confirmar) o `accept-program-waitlist-offer` (aceptar)'),
}) {
  constructor(protected readonly waitlist: ProgramWaitlistService) {
    super();
  }
}
