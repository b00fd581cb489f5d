import { Body, Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Endpoint } from '@core/http/endpoint';
import { RequirePermission } from '@core/access/access.decorators';
import { Actor } from '@core/access/current-user';
import type { EventActor } from '@shared/events/domain-events';
import { PublishNoticeDto } from './privacy-notice.dto';
import { PrivacyNoticeAnswers } from './privacy-notice.openapi';
import { PrivacyNoticeService } from './privacy-notice.service';

/** The notice's versions for staff of the 'privacidad' area (super admins too). */
@ApiTags('privacidad')
@Controller('privacidad/avisos')
export class PrivacyNoticeController {
  constructor(private readonly notices: PrivacyNoticeService) {}

  @Endpoint('GET', 'Listar las versiones del aviso de privacidad', RequirePermission('privacidad', 'view'), {
    200: ['Las versiones publicadas del aviso de privacidad.', PrivacyNoticeAnswers.list],
  })
  async list() {
    return { avisos: await this.notices.list() };
  }

  @Endpoint('POST', 'Publicar una nueva versión del aviso de privacidad', RequirePermission('privacidad', 'edit'), {
    201: [
      'Nueva versión publicada: la vigente desde ahora; los registros anteriores conservan la que aceptaron.',
      PrivacyNoticeAnswers.published,
    ],
  })
  async publish(@Body() dto: PublishNoticeDto, @Actor() actor: EventActor) {
    return { aviso: await this.notices.publish(dto.texto, actor), message: 'Nueva versión del aviso publicada' };
  }
}
