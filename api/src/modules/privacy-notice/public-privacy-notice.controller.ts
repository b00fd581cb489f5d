import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Public } from '@core/access/access.decorators';
import { Answer } from '@core/http/openapi-answers';
import { RateLimit } from '@core/http/rate-limit.guard';
import { PrivacyNoticeAnswers } from './privacy-notice.openapi';
import { PrivacyNoticeService } from './privacy-notice.service';

/** The notice the public forms link to (same path as before it had versions). */
@ApiTags('public')
@Controller('public')
export class PublicPrivacyNoticeController {
  constructor(private readonly notices: PrivacyNoticeService) {}

  @Get('privacy-notice')
  @Answer(200, 'Aviso de privacidad vigente, con su versión.', PrivacyNoticeAnswers.current)
  @Public()
  @RateLimit('public-read')
  current() {
    return this.notices.current();
  }
}
