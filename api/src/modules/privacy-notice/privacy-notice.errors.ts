import { HttpStatus } from '@nestjs/common';
import { defineErrorCodes } from '@core/errors/domain-exception';

export const PrivacyNoticeError = defineErrorCodes({
  /** A public form named a privacy notice version that was never published (400). */
  UnknownNoticeVersion: ['UNKNOWN_NOTICE_VERSION', HttpStatus.BAD_REQUEST],
});
