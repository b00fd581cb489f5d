import { Body, Controller, Param } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Public } from '@core/access/access.decorators';
import { Actor } from '@core/access/current-user';
import type { ProgramApplicationAccepted } from '@shared/contracts/programs.contract';
import type { EventActor } from '@shared/events/domain-events';
import { Endpoint } from '@core/http/endpoint';
import { RateLimit } from '@core/http/rate-limit.guard';
import { WAITLIST_JOIN_LIMIT } from '@core/waitlist/waitlist.settings';
import { ProgramAnswers } from './programs.openapi';
import { CheckEmailDto, ProgramRegistrationDto } from './programs.dto';
import { ProgramWaitlistService } from './program-waitlist.service';
import { ProgramsService } from './programs.service';
import { PublicRead, PublicWrite } from '@core/http/public-routes';

/** The public program page (spec 3 §2.7, §7). Answers carry no one's personal data. */
@ApiTags('public')
@Controller('programas')
export class PublicProgramsController {
  constructor(
    private readonly programs: ProgramsService,
    private readonly waitlist: ProgramWaitlistService,
  ) {}

  /** Missing, draft and closed programs are all 404. */
  @PublicRead(':slug', 'Ver la página pública de un programa', { 200: ['Programa publicado.', ProgramAnswers.publicPage] })
  async page(@Param('slug') slug: string) {
    return { programa: await this.programs.publicPage(slug) };
  }

  /** Also limited per IP on its own (PROGRAM_CHECK_EMAIL_LIMIT_PER_MINUTE). */
  @Endpoint('POST :slug/check-email', 'Saber si un correo ya está registrado en un programa', Public(), {
    200: ['Si el correo ya está registrado en el programa.', ProgramAnswers.checkEmail],
  })
  @RateLimit('public-read')
  checkEmail(@Param('slug') slug: string, @Body() dto: CheckEmailDto, @Actor() actor: EventActor) {
    return this.programs.checkEmail(slug, dto.email, actor);
  }

  @PublicWrite(':slug/register', 'Registrarse en un programa', { 201: ['Registro recibido.', ProgramAnswers.registered] })
  async register(
    @Param('slug') slug: string,
    @Body() dto: ProgramRegistrationDto,
    @Actor() actor: EventActor,
  ): Promise<ProgramApplicationAccepted> {
    return { message: '¡Registro Exitoso!', registration: await this.programs.register(slug, dto, actor) };
  }

  /**
   * Same body and rules as /register; only for a published program with a limit and no free place. The place in line
   * is taken once the link mailed to the address is followed: the answer is the same for every address.
   * Also limited per IP on its own (WAITLIST_JOIN_LIMIT_PER_MINUTE, with the events' joins).
   */
  @PublicWrite(
    ':slug/waitlist',
    'Pedir un lugar en la lista de espera de un programa',
    {
      202: [
        'Recibido: se envió un correo a la dirección para confirmar (o avisarle que ya está registrada).',
        ProgramAnswers.waitlistJoined,
      ],
    },
    { limit: WAITLIST_JOIN_LIMIT },
  )
  join(@Param('slug') slug: string, @Body() dto: ProgramRegistrationDto) {
    return this.waitlist.join(slug, dto);
  }
}
