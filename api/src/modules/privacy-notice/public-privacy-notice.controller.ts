import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { PrivacyNoticeAnswers } from './privacy-notice.openapi';
import { PrivacyNoticeService } from './privacy-notice.service';
import { PublicRead } from '@core/http/public-routes';

/** The notice the public forms link to (same path as before it had versions). */
@ApiTags('public')
@Controller('public')
export class PublicPrivacyNoticeController {
  constructor(private readonly notices: PrivacyNoticeService) {}

  @PublicRead('privacy-notice', 'Ver el aviso de privacidad vigente', {
    200: ['Aviso de privacidad vigente, con su versión.', PrivacyNoticeAnswers.current],
  })
  current() {
    return this.notices.current();
  }
}
