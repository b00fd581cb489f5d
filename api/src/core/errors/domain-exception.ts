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
  /** A generated first password: the session may only change it (403). */
  PasswordChangeRequired = 'PASSWORD_CHANGE_REQUIRED',
  // Domain cases (409 unless noted): a client can tell them apart without reading the Spanish message.
  EventFull = 'EVENT_FULL',
  EventCancelled = 'EVENT_CANCELLED',
  EventCompleted = 'EVENT_COMPLETED',
  EmailAlreadyRegistered = 'EMAIL_ALREADY_REGISTERED',
  OnlyDraftsDeletable = 'ONLY_DRAFTS_DELETABLE',
  OnlyPublishedFeatured = 'ONLY_PUBLISHED_FEATURED',
  InvalidStatusChange = 'INVALID_STATUS_CHANGE',
  DuplicatePerson = 'DUPLICATE_PERSON',
  LastSuperAdmin = 'LAST_SUPER_ADMIN',
  CannotDeleteSelf = 'CANNOT_DELETE_SELF',
  ProgramFull = 'PROGRAM_FULL',
  // Links from e-mail (issue 22): a link that is not ours or was altered, one already used, one past its time.
  LinkInvalid = 'LINK_INVALID',
  LinkUsed = 'LINK_USED',
  LinkExpired = 'LINK_EXPIRED',
  /** The waitlist is only for a full event. */
  PlacesAvailable = 'PLACES_AVAILABLE',
  AlreadyInWaitlist = 'ALREADY_IN_WAITLIST',
  /** A public form named a privacy notice version that was never published (400). */
  UnknownNoticeVersion = 'UNKNOWN_NOTICE_VERSION',
  // Idempotency-Key (issue 30 §4): not 1–255 printable characters (400), used for another request (422), its first
  // request still being processed after the wait (409).
  IdempotencyKeyInvalid = 'IDEMPOTENCY_KEY_INVALID',
  IdempotencyKeyReused = 'IDEMPOTENCY_KEY_REUSED',
  IdempotencyKeyInProgress = 'IDEMPOTENCY_KEY_IN_PROGRESS',
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
  [ErrorCode.PasswordChangeRequired]: HttpStatus.FORBIDDEN,
  [ErrorCode.EventFull]: HttpStatus.CONFLICT,
  [ErrorCode.EventCancelled]: HttpStatus.CONFLICT,
  [ErrorCode.EventCompleted]: HttpStatus.CONFLICT,
  [ErrorCode.EmailAlreadyRegistered]: HttpStatus.CONFLICT,
  [ErrorCode.OnlyDraftsDeletable]: HttpStatus.CONFLICT,
  [ErrorCode.OnlyPublishedFeatured]: HttpStatus.CONFLICT,
  [ErrorCode.InvalidStatusChange]: HttpStatus.CONFLICT,
  [ErrorCode.DuplicatePerson]: HttpStatus.CONFLICT,
  [ErrorCode.LastSuperAdmin]: HttpStatus.CONFLICT,
  [ErrorCode.CannotDeleteSelf]: HttpStatus.CONFLICT,
  [ErrorCode.ProgramFull]: HttpStatus.CONFLICT,
  [ErrorCode.LinkInvalid]: HttpStatus.NOT_FOUND,
  [ErrorCode.LinkUsed]: HttpStatus.CONFLICT,
  [ErrorCode.LinkExpired]: HttpStatus.GONE,
  [ErrorCode.PlacesAvailable]: HttpStatus.CONFLICT,
  [ErrorCode.AlreadyInWaitlist]: HttpStatus.CONFLICT,
  [ErrorCode.UnknownNoticeVersion]: HttpStatus.BAD_REQUEST,
  [ErrorCode.IdempotencyKeyInvalid]: HttpStatus.BAD_REQUEST,
  [ErrorCode.IdempotencyKeyReused]: HttpStatus.UNPROCESSABLE_ENTITY,
  [ErrorCode.IdempotencyKeyInProgress]: HttpStatus.CONFLICT,
};

/** Thrown by services; carries a Spanish message for the wire and, for validation, errors per field. */
export class DomainException extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly errors?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
    /** Extra fields of the answer's body (e.g. requires_confirmation of spec 2 §4). */
    readonly extra?: Record<string, unknown>,
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
