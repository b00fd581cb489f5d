import { Body, Controller, Query, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Actor } from '@core/access/current-user';
import type { EventActor } from '@shared/events/domain-events';
import { ArcoExportQueryDto, ArcoRequestDto } from './privacy.dto';
import { ExportSchema, PrivacyAnswers } from './privacy.openapi';
import { PrivacyService } from './privacy.service';
import { PrivacyTerms } from './privacy-terms';
import { PublicRead, PublicWrite, Token } from '@core/http/public-routes';

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

  @PublicRead('info', 'Ver el plazo legal de respuesta de una solicitud ARCO', {
    200: ['El plazo legal de respuesta en días hábiles (lo muestra el formulario).', PrivacyAnswers.info],
  })
  info() {
    return { plazo_dias_habiles: this.terms.dueBusinessDays };
  }

  @PublicWrite('solicitudes', 'Presentar una solicitud ARCO', {
    202: ['Siempre la misma respuesta: se envió (o no) un enlace para confirmar la dirección.', PrivacyAnswers.filed],
  })
  file(@Body() dto: ArcoRequestDto, @Actor() actor: EventActor) {
    return this.privacy.file(dto, actor);
  }

  @PublicRead('solicitudes/confirmar/:token', 'Ver la solicitud ARCO que el enlace confirma', {
    200: ['La solicitud que el enlace confirma (folio y tipo).', PrivacyAnswers.confirmView],
  })
  confirmView(@Token() token: string) {
    return this.privacy.confirmView(token);
  }

  @PublicWrite('solicitudes/confirmar/:token', 'Confirmar el correo de una solicitud ARCO', {
    200: ['Dirección confirmada: la solicitud entra a la fila con su fecha límite.', PrivacyAnswers.confirmed],
  })
  confirm(@Token() token: string, @Actor() actor: EventActor) {
    return this.privacy.confirm(token, actor);
  }

  @PublicRead('exportacion/:token', 'Descargar la exportación de datos de una solicitud de acceso', {
    200: {
      description:
        'Los datos de la persona como descarga (Content-Disposition: attachment): página HTML legible (formato=html) o JSON (formato=json).',
      content: { 'text/html': { schema: { type: 'string', format: 'binary' } }, 'application/json': { schema: ExportSchema } },
    },
  })
  async download(@Token() token: string, @Query() query: ArcoExportQueryDto, @Actor() actor: EventActor, @Res() res: Response) {
    const file = await this.privacy.download(token, query.formato ?? 'html', actor);
    res.setHeader('Content-Type', file.contentType);
    res.setHeader('Content-Disposition', `attachment; filename="${file.filename}"`);
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.send(file.body);
  }

  @PublicRead('baja/:token', 'Ver la dirección de un enlace de baja', {
    200: ['La dirección del enlace (enmascarada) y si ya no recibe correos.', PrivacyAnswers.unsubscribeView],
  })
  unsubscribeView(@Token() token: string) {
    return this.privacy.unsubscribeView(token);
  }

  /** RFC 8058: the mail client POSTs `List-Unsubscribe=One-Click` here (the body is not needed: the token names the message). */
  @PublicWrite('baja/:token', 'Darse de baja de los correos', {
    200: ['La dirección queda en la lista de supresión: no recibe más correos.', PrivacyAnswers.unsubscribed],
  })
  unsubscribe(@Token() token: string, @Actor() actor: EventActor) {
    return this.privacy.unsubscribe(token, actor);
  }
}
