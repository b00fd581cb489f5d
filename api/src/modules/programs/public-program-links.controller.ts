import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiParam, ApiTags } from '@nestjs/swagger';
import { Public } from '@core/access/access.decorators';
import { Actor } from '@core/access/current-user';
import { Idempotent } from '@core/http/idempotency.interceptor';
import { Answer } from '@core/http/openapi-answers';
import { RateLimit } from '@core/http/rate-limit.guard';
import type { EventActor } from '@shared/events/domain-events';
import { ProgramWaitlistService } from './program-waitlist.service';
import { ProgramAnswers } from './programs.openapi';

const TOKEN = {
  name: 'token',
  description:
    'El enlace firmado del correo (`<id>.<vence>.<firma>`), propósito `confirm-program-waitlist-join` (confirmar) o `accept-program-waitlist-offer` (aceptar).',
  example: '7.1798830800.dGhpcy1pcy1hbi1leGFtcGxlLXNpZ25hdHVyZS0xMjM0NTY',
};

/**
 * The program waitlist's links: confirming a join and the offer, beside the events' /lista-espera/aceptar: its own path and its own
 * link purpose, so a token of one table never names a row of the other. A tampered link answers 404, a used one 409
 * and one past its time 410, each with a Spanish `message`. Answers carry the citizen's first name and the program.
 */
@ApiTags('public')
@Controller('lista-espera/programa')
export class PublicProgramLinksController {
  constructor(private readonly waitlist: ProgramWaitlistService) {}

  @Get('confirmar/:token')
  @ApiParam(TOKEN)
  @Answer(200, 'La solicitud por confirmar (o ya confirmada): el programa, el nombre de pila y hasta cuándo.', ProgramAnswers.confirmView)
  @Public()
  @RateLimit('public-read')
  confirmView(@Param('token') token: string) {
    return this.waitlist.confirmView(token);
  }

  /** Confirming twice changes nothing (200 again); an expired confirmation is 410. */
  @Post('confirmar/:token')
  @HttpCode(200)
  @ApiParam(TOKEN)
  @Answer(200, 'Correo confirmado: la persona ya está en la lista de espera (por orden de confirmación).', ProgramAnswers.confirmed)
  @Public()
  @RateLimit('public-write')
  @Idempotent()
  confirm(@Param('token') token: string, @Actor() actor: EventActor) {
    return this.waitlist.confirm(token, actor);
  }

  @Get('aceptar/:token')
  @ApiParam(TOKEN)
  @Answer(200, 'El lugar ofrecido en el programa y hasta cuándo se aparta.', ProgramAnswers.offerView)
  @Public()
  @RateLimit('public-read')
  offerView(@Param('token') token: string) {
    return this.waitlist.offerView(token);
  }

  @Post('aceptar/:token')
  @ApiParam(TOKEN)
  @Answer(201, 'Oferta aceptada: solicitud registrada (pendiente, con su correo de solicitud recibida).', ProgramAnswers.registered)
  @Public()
  @RateLimit('public-write')
  @Idempotent()
  async accept(@Param('token') token: string, @Actor() actor: EventActor) {
    return { message: '¡Registro Exitoso!', registration: await this.waitlist.accept(token, actor) };
  }
}
