import { Controller } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { PrivacyNoticeAnswers } from './privacy-notice.openapi';
import { PrivacyNoticeService } from './privacy-notice.service';
import { PublicRead } from '@core/http/public-routes';

/** The notice the public forms link to (same path as before it had versions). */
@ApiTags('public')
@Controller('public')
export class PublicPrivacyNoticeController {
  constructor(private readonly notices: PrivacyNoticeService) {}

  @ApiOperation({ summary: 'Ver el aviso de privacidad vigente' })
  @PublicRead('privacy-notice', 'Aviso de privacidad vigente, con su versión.', PrivacyNoticeAnswers.current)
  current() {
    return this.notices.current();
  }
}
