import { Controller, Get, Param, Post } from '@nestjs/common';
import { ApiParam, ApiTags } from '@nestjs/swagger';
import { Public } from '@core/access/access.decorators';
import { Actor } from '@core/access/current-user';
import { Answer } from '@core/http/openapi-answers';
import { RateLimit } from '@core/http/rate-limit.guard';
import type { EventActor } from '@shared/events/domain-events';
import { ProgramWaitlistService } from './program-waitlist.service';
import { ProgramAnswers } from './programs.openapi';

const TOKEN = {
  name: 'token',
  description: 'El enlace firmado del correo (`<id>.<vence>.<firma>`), propósito `accept-program-waitlist-offer`.',
  example: '7.1798830800.dGhpcy1pcy1hbi1leGFtcGxlLXNpZ25hdHVyZS0xMjM0NTY',
};

/**
 * The program waitlist offer's link (issue 22 §4), beside the events' /lista-espera/aceptar: its own path and its own
 * link purpose, so a token of one table never names a row of the other. A tampered link answers 404, a used one 409
 * and one past its time 410, each with a Spanish `message`. Answers carry the citizen's first name and the program.
 */
@ApiTags('public')
@Controller('lista-espera/programa')
export class PublicProgramLinksController {
  constructor(private readonly waitlist: ProgramWaitlistService) {}

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
  async accept(@Param('token') token: string, @Actor() actor: EventActor) {
    return { message: '¡Registro Exitoso!', registration: await this.waitlist.accept(token, actor) };
  }
}
