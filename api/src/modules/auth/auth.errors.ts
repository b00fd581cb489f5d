import { HttpStatus } from '@nestjs/common';
import { defineErrorCodes } from '@core/errors/domain-exception';

/** Signing in and self-registration. */
export const AuthError = defineErrorCodes({
  InvalidCredentials: ['INVALID_CREDENTIALS', HttpStatus.UNAUTHORIZED],
  /** Self-registration is off (ALLOW_REGISTRATION=false). */
  RegistrationClosed: ['REGISTRATION_CLOSED', HttpStatus.FORBIDDEN],
});
