import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '@core/access/access.decorators';
import { Actor, CurrentUser, type AuthUser } from '@core/access/current-user';
import type { EventActor } from '@shared/events/domain-events';
import { RateLimit } from '@core/http/rate-limit.guard';
import { WAITLIST_JOIN_LIMIT } from '@core/waitlist/waitlist.settings';
import { SlugParamPipe } from '@core/http/slug-param.pipe';
import { PublicRegistrationDto } from './external-events.dto';
import { RegistrationsService } from './registrations.service';
import { Idempotent } from '@core/http/idempotency.interceptor';
import { Answer } from '@core/http/openapi-answers';
import { ExternalEventAnswers } from './external-events.openapi';
import { ExternalWaitlistService } from './external-waitlist.service';
import { PublicRead, PublicWrite } from '@core/http/public-routes';

/** What citizens use without an account. Answers carry no personal data of anyone else. */
@ApiTags('public')
@Controller()
export class PublicEventsController {
  constructor(
    private readonly registrations: RegistrationsService,
    private readonly waitlist: ExternalWaitlistService,
  ) {}

  @ApiOperation({ summary: 'Listar los eventos publicados' })
  @PublicRead('public/eventos', 'Eventos publicados, del más próximo al más lejano.', ExternalEventAnswers.publicList)
  async list() {
    return { events: await this.registrations.listPublic() };
  }

  @ApiOperation({ summary: 'Ver el evento destacado' })
  @PublicRead('public/featured-event', 'El evento destacado, o null.', ExternalEventAnswers.featuredEvent)
  async featured() {
    return { featured_event: await this.registrations.featured() };
  }

  /** A draft answers only to staff allowed to see it (preview: send the bearer token). */
  @ApiOperation({ summary: 'Ver la página pública de un evento' })
  @PublicRead('eventos/:slug', 'Página pública de un evento.', ExternalEventAnswers.publicPage)
  page(@Param('slug', SlugParamPipe) slug: string, @CurrentUser() viewer: AuthUser | undefined) {
    return this.registrations.publicPage(slug, viewer);
  }

  @ApiOperation({ summary: 'Registrarse en un evento' })
  @PublicWrite('eventos/:slug/register', 201, 'Registro aceptado.', ExternalEventAnswers.registered)
  async register(@Param('slug', SlugParamPipe) slug: string, @Body() dto: PublicRegistrationDto, @Actor() actor: EventActor) {
    return { message: '¡Registro Exitoso!', registration: await this.registrations.register(slug, dto, actor) };
  }

  /**
   * Same body and rules as /register; only when no place is free. The place in line is taken once the link mailed to
   * the address is followed: the answer is the same for every address. One entry per e-mail and event
   * (the database). Also limited per IP on its own (WAITLIST_JOIN_LIMIT_PER_MINUTE, with the programs' joins).
   */
  @ApiOperation({ summary: 'Pedir un lugar en la lista de espera de un evento' })
  @Post('eventos/:slug/waitlist')
  @HttpCode(202)
  @Answer(
    202,
    'Recibido: se envió un correo a la dirección para confirmar (o avisarle que ya está registrada).',
    ExternalEventAnswers.waitlistJoined,
  )
  @Public()
  @RateLimit('public-write', WAITLIST_JOIN_LIMIT)
  @Idempotent()
  joinWaitlist(@Param('slug', SlugParamPipe) slug: string, @Body() dto: PublicRegistrationDto) {
    return this.waitlist.join(slug, dto);
  }
}
