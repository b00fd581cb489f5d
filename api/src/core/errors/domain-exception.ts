import { HttpStatus } from '@nestjs/common';

/** Codes of the domain errors; the exception filter turns each into its HTTP status. */
export enum ErrorCode {
  ValidationFailed = 'VALIDATION_FAILED',
  Unauthenticated = 'UNAUTHENTICATED',
  InvalidCredentials = 'INVALID_CREDENTIALS',
  Forbidden = 'FORBIDDEN',
  NotFound = 'NOT_FOUND',
  Conflict = 'CONFLICT',
  TooManyRequests = 'TOO_MANY_REQUESTS',
  PayloadTooLarge = 'PAYLOAD_TOO_LARGE',
  UnsupportedMedia = 'UNSUPPORTED_MEDIA',
  RegistrationClosed = 'REGISTRATION_CLOSED',
}

const STATUS_BY_CODE: Record<ErrorCode, HttpStatus> = {
  [ErrorCode.ValidationFailed]: HttpStatus.UNPROCESSABLE_ENTITY,
  [ErrorCode.Unauthenticated]: HttpStatus.UNAUTHORIZED,
  [ErrorCode.InvalidCredentials]: HttpStatus.UNAUTHORIZED,
  [ErrorCode.Forbidden]: HttpStatus.FORBIDDEN,
  [ErrorCode.NotFound]: HttpStatus.NOT_FOUND,
  [ErrorCode.Conflict]: HttpStatus.CONFLICT,
  [ErrorCode.TooManyRequests]: HttpStatus.TOO_MANY_REQUESTS,
  [ErrorCode.PayloadTooLarge]: HttpStatus.PAYLOAD_TOO_LARGE,
  [ErrorCode.UnsupportedMedia]: HttpStatus.UNSUPPORTED_MEDIA_TYPE,
  [ErrorCode.RegistrationClosed]: HttpStatus.FORBIDDEN,
};

/** Thrown by services; carries a Spanish message for the wire and, for validation, errors per field. */
export class DomainException extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly errors?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }

  get status(): HttpStatus {
    return STATUS_BY_CODE[this.code];
  }

  static validation(errors: Record<string, string[]>, message = 'Los datos enviados no son válidos.') {
    return new DomainException(ErrorCode.ValidationFailed, message, errors);
  }
}
