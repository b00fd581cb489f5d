import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiParam, ApiTags } from '@nestjs/swagger';
import { Public } from '@core/access/access.decorators';
import { Actor } from '@core/access/current-user';
import { Idempotent } from '@core/http/idempotency.interceptor';
import { Answer } from '@core/http/openapi-answers';
import { RateLimit } from '@core/http/rate-limit.guard';
import type { EventActor } from '@shared/events/domain-events';
import { ExternalEventAnswers } from './external-events.openapi';
import { ExternalWaitlistService } from './external-waitlist.service';
import { RegistrationsService } from './registrations.service';

const TOKEN = {
  name: 'token',
  description: 'El enlace firmado del correo (`<id>.<vence>.<firma>`).',
  example: '7.1798830800.dGhpcy1pcy1hbi1leGFtcGxlLXNpZ25hdHVyZS0xMjM0NTY',
};

/**
 * The links a citizen follows from an e-mail, without an account. A tampered link answers 404,
 * a used one 409 and one past its time 410, each with a Spanish `message` the page shows. Answers carry the
 * citizen's own first name and the event, nothing else.
 */
@ApiTags('public')
@Controller()
export class PublicLinksController {
  constructor(
    private readonly registrations: RegistrationsService,
    private readonly waitlist: ExternalWaitlistService,
  ) {}

  @Get('registros/cancelar/:token')
  @ApiParam(TOKEN)
  @Answer(200, 'Lo que se cancelaría: el evento y el nombre de pila.', ExternalEventAnswers.cancelView)
  @Public()
  @RateLimit('public-read')
  cancelView(@Param('token') token: string) {
    return this.registrations.cancelView(token);
  }

  @Post('registros/cancelar/:token')
  @HttpCode(200)
  @ApiParam(TOKEN)
  @Answer(200, 'Registro cancelado: el lugar se libera (y pasa al primero de la lista de espera).', ExternalEventAnswers.cancelled)
  @Public()
  @RateLimit('public-write')
  @Idempotent()
  async cancel(@Param('token') token: string, @Actor() actor: EventActor) {
    await this.registrations.cancelByLink(token, actor);
    return { message: 'Tu registro fue cancelado' };
  }

  @Get('lista-espera/confirmar/:token')
  @ApiParam(TOKEN)
  @Answer(
    200,
    'La solicitud por confirmar (o ya confirmada): el evento, el nombre de pila y hasta cuándo.',
    ExternalEventAnswers.confirmView,
  )
  @Public()
  @RateLimit('public-read')
  confirmView(@Param('token') token: string) {
    return this.waitlist.confirmView(token);
  }

  /** Confirming twice changes nothing (200 again); an expired confirmation is 410. */
  @Post('lista-espera/confirmar/:token')
  @HttpCode(200)
  @ApiParam(TOKEN)
  @Answer(200, 'Correo confirmado: la persona ya está en la lista de espera (por orden de confirmación).', ExternalEventAnswers.confirmed)
  @Public()
  @RateLimit('public-write')
  @Idempotent()
  confirm(@Param('token') token: string, @Actor() actor: EventActor) {
    return this.waitlist.confirm(token, actor);
  }

  @Get('lista-espera/aceptar/:token')
  @ApiParam(TOKEN)
  @Answer(200, 'El lugar ofrecido y hasta cuándo se aparta.', ExternalEventAnswers.offerView)
  @Public()
  @RateLimit('public-read')
  offerView(@Param('token') token: string) {
    return this.waitlist.offerView(token);
  }

  @Post('lista-espera/aceptar/:token')
  @ApiParam(TOKEN)
  @Answer(201, 'Oferta aceptada: registro hecho (con su confirmación por correo).', ExternalEventAnswers.registered)
  @Public()
  @RateLimit('public-write')
  @Idempotent()
  async accept(@Param('token') token: string, @Actor() actor: EventActor) {
    return { message: '¡Registro Exitoso!', registration: await this.waitlist.accept(token, actor) };
  }
}
