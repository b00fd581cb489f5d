import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '@core/access/access.decorators';
import { Actor } from '@core/access/current-user';
import { Idempotent } from '@core/http/idempotency.interceptor';
import { Answer } from '@core/http/openapi-answers';
import { RateLimit } from '@core/http/rate-limit.guard';
import type { EventActor } from '@shared/events/domain-events';
import { ArcoExportQueryDto, ArcoRequestDto } from './privacy.dto';
import { ExportSchema, PrivacyAnswers } from './privacy.openapi';
import { PrivacyService } from './privacy.service';
import { PrivacyTerms } from './privacy-terms';

const TOKEN = {
  name: 'token',
  description: 'El enlace firmado del correo (`<id>.<vence>.<firma>`).',
  example: '7.1798830800.dGhpcy1pcy1hbi1leGFtcGxlLXNpZ25hdHVyZS0xMjM0NTY',
};

/**
 * The citizens' side of privacy, without an account and rate limited per IP: file an ARCO request,
 * prove the address by the mailed link, download an access export, stop all mail (RFC 8058 one-click).
 */
@ApiTags('public')
@Controller('privacidad')
export class PublicPrivacyController {
  constructor(
    private readonly privacy: PrivacyService,
    private readonly terms: PrivacyTerms,
  ) {}

  @Get('info')
  @Answer(200, 'El plazo legal de respuesta en días hábiles (lo muestra el formulario).', PrivacyAnswers.info)
  @Public()
  @RateLimit('public-read')
  info() {
    return { plazo_dias_habiles: this.terms.dueBusinessDays };
  }

  @Post('solicitudes')
  @HttpCode(202)
  @Answer(202, 'Siempre la misma respuesta: se envió (o no) un enlace para confirmar la dirección.', PrivacyAnswers.filed)
  @Public()
  @RateLimit('public-write')
  @Idempotent()
  file(@Body() dto: ArcoRequestDto, @Actor() actor: EventActor) {
    return this.privacy.file(dto, actor);
  }

  @Get('solicitudes/confirmar/:token')
  @ApiParam(TOKEN)
  @Answer(200, 'La solicitud que el enlace confirma (folio y tipo).', PrivacyAnswers.confirmView)
  @Public()
  @RateLimit('public-read')
  confirmView(@Param('token') token: string) {
    return this.privacy.confirmView(token);
  }

  @Post('solicitudes/confirmar/:token')
  @HttpCode(200)
  @ApiParam(TOKEN)
  @Answer(200, 'Dirección confirmada: la solicitud entra a la fila con su fecha límite.', PrivacyAnswers.confirmed)
  @Public()
  @RateLimit('public-write')
  @Idempotent()
  confirm(@Param('token') token: string, @Actor() actor: EventActor) {
    return this.privacy.confirm(token, actor);
  }

  @Get('exportacion/:token')
  @ApiParam(TOKEN)
  @ApiResponse({
    status: 200,
    description:
      'Los datos de la persona como descarga (Content-Disposition: attachment): página HTML legible (formato=html) o JSON (formato=json).',
    content: { 'text/html': { schema: { type: 'string', format: 'binary' } }, 'application/json': { schema: ExportSchema } },
  })
  @Public()
  @RateLimit('public-read')
  async download(@Param('token') token: string, @Query() query: ArcoExportQueryDto, @Actor() actor: EventActor, @Res() res: Response) {
    const file = await this.privacy.download(token, query.formato ?? 'html', actor);
    res.setHeader('Content-Type', file.contentType);
    res.setHeader('Content-Disposition', `attachment; filename="${file.filename}"`);
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.send(file.body);
  }

  @Get('baja/:token')
  @ApiParam(TOKEN)
  @Answer(200, 'La dirección del enlace (enmascarada) y si ya no recibe correos.', PrivacyAnswers.unsubscribeView)
  @Public()
  @RateLimit('public-read')
  unsubscribeView(@Param('token') token: string) {
    return this.privacy.unsubscribeView(token);
  }

  /** RFC 8058: the mail client POSTs `List-Unsubscribe=One-Click` here (the body is not needed: the token names the message). */
  @Post('baja/:token')
  @HttpCode(200)
  @ApiParam(TOKEN)
  @Answer(200, 'La dirección queda en la lista de supresión: no recibe más correos.', PrivacyAnswers.unsubscribed)
  @Public()
  @RateLimit('public-write')
  @Idempotent()
  unsubscribe(@Param('token') token: string, @Actor() actor: EventActor) {
    return this.privacy.unsubscribe(token, actor);
  }
}
