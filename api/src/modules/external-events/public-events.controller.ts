import { Body, Controller, Param, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Actor, CurrentUser, type AuthUser } from '@core/access/current-user';
import type { EventActor } from '@shared/events/domain-events';
import { WAITLIST_JOIN_LIMIT } from '@core/waitlist/waitlist.settings';
import { SlugParamPipe } from '@core/http/slug-param.pipe';
import { PublicRegistrationDto } from './external-events.dto';
import { RegistrationsService } from './registrations.service';
import { fileAnswer } from '@core/http/openapi-answers';
import { CALENDAR_CONTENT_TYPE, sendCalendar } from '@core/http/downloads';
import { ExternalEventAnswers } from './external-events.openapi';
import { ExternalWaitlistService } from './external-waitlist.service';
import { PublicRead, PublicWrite } from '@core/http/public-routes';
import { CALENDAR_MAX_AGE_SECONDS } from './external-events.constants';
import { PublicCalendarService } from './public-calendar.service';

/** The two calendar routes: public, rate limited as reads, a file with an ETag (304 when unchanged). */
const CalendarFile = (path: string, summary: string, description: string) =>
  PublicRead(path, summary, {
    200: fileAnswer(description, CALENDAR_CONTENT_TYPE.split(';')[0]),
    304: 'Sin cambios desde la versión que el cliente ya tiene (If-None-Match con el ETag).',
  });

/** What citizens use without an account. Answers carry no personal data of anyone else. */
@ApiTags('public')
@Controller()
export class PublicEventsController {
  constructor(
    private readonly registrations: RegistrationsService,
    private readonly waitlist: ExternalWaitlistService,
    private readonly calendar: PublicCalendarService,
  ) {}

  /** The feed a calendar app subscribes to (webcal:// or https): published, cancelled and recent past events. */
  @CalendarFile(
    'public/eventos.ics',
    'Calendario de los eventos públicos (iCalendar)',
    'Los eventos públicos en iCalendar (RFC 5545): publicados, cancelados (STATUS:CANCELLED) y los de los últimos 90 días; UID estable por evento.',
  )
  async calendarFeed(@Req() req: Request, @Res() res: Response) {
    sendCalendar(req, res, { ...(await this.calendar.feed()), attachment: false, maxAgeSeconds: CALENDAR_MAX_AGE_SECONDS });
  }

  /** One event as a file to add to a calendar (the public page's link); a draft does not exist here. */
  @CalendarFile(
    'eventos/:slug/evento.ics',
    'Un evento público en iCalendar',
    'El evento en iCalendar (RFC 5545), para agregarlo a un calendario.',
  )
  async eventCalendar(@Param('slug', SlugParamPipe) slug: string, @Req() req: Request, @Res() res: Response) {
    sendCalendar(req, res, { ...(await this.calendar.event(slug)), attachment: true, maxAgeSeconds: CALENDAR_MAX_AGE_SECONDS });
  }

  @PublicRead('public/eventos', 'Listar los eventos publicados', {
    200: ['Eventos publicados, del más próximo al más lejano.', ExternalEventAnswers.publicList],
  })
  async list() {
    return { events: await this.registrations.listPublic() };
  }

  @PublicRead('public/featured-event', 'Ver el evento destacado', {
    200: ['El evento destacado, o null.', ExternalEventAnswers.featuredEvent],
  })
  async featured() {
    return { featured_event: await this.registrations.featured() };
  }

  /** A draft answers only to staff allowed to see it (preview: send the bearer token). */
  @PublicRead('eventos/:slug', 'Ver la página pública de un evento', {
    200: ['Página pública de un evento.', ExternalEventAnswers.publicPage],
  })
  page(@Param('slug', SlugParamPipe) slug: string, @CurrentUser() viewer: AuthUser | undefined) {
    return this.registrations.publicPage(slug, viewer);
  }

  @PublicWrite('eventos/:slug/register', 'Registrarse en un evento', { 201: ['Registro aceptado.', ExternalEventAnswers.registered] })
  async register(@Param('slug', SlugParamPipe) slug: string, @Body() dto: PublicRegistrationDto, @Actor() actor: EventActor) {
    return { message: '¡Registro Exitoso!', registration: await this.registrations.register(slug, dto, actor) };
  }

  /**
   * Same body and rules as /register; only when no place is free. The place in line is taken once the link mailed to
   * the address is followed: the answer is the same for every address. One entry per e-mail and event
   * (the database). Also limited per IP on its own (WAITLIST_JOIN_LIMIT_PER_MINUTE, with the programs' joins).
   */
  @PublicWrite(
    'eventos/:slug/waitlist',
    'Pedir un lugar en la lista de espera de un evento',
    {
      202: [
        'Recibido: se envió un correo a la dirección para confirmar (o avisarle que ya está registrada).',
        ExternalEventAnswers.waitlistJoined,
      ],
    },
    { limit: WAITLIST_JOIN_LIMIT },
  )
  joinWaitlist(@Param('slug', SlugParamPipe) slug: string, @Body() dto: PublicRegistrationDto) {
    return this.waitlist.join(slug, dto);
  }
}
