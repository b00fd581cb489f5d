import { HttpStatus } from '@nestjs/common';

/** A domain error's stable code on the wire (a client tells cases apart by it, not by the Spanish message) and its HTTP status. */
export interface DomainErrorCode<C extends string = string> {
  readonly code: C;
  readonly status: HttpStatus;
}

/** Every code declared so far, with its status: one code, one meaning across the areas. */
const DECLARED = new Map<string, HttpStatus>();

/**
 * Declares error codes by name: `defineErrorCodes({ ProgramFull: ['PROGRAM_FULL', HttpStatus.CONFLICT] })`. Core
 * declares the generic ones (`ErrorCode` below); an area declares its own in `<area>.errors.ts`. Two areas may
 * declare the same code for the same case (an event cancelled, external or internal); with another status it fails
 * at load.
 */
export function defineErrorCodes<const T extends Record<string, readonly [string, HttpStatus]>>(
  codes: T,
): { readonly [K in keyof T]: DomainErrorCode<T[K][0]> } {
  const entries = Object.entries(codes).map(([name, [code, status]]) => {
    const declared = DECLARED.get(code);
    if (declared !== undefined && declared !== status) {
      throw new Error(`Error code ${code} declared twice with different statuses (${declared}, ${status})`);
    }
    DECLARED.set(code, status);
    return [name, Object.freeze({ code, status })] as const;
  });
  return Object.freeze(Object.fromEntries(entries)) as { readonly [K in keyof T]: DomainErrorCode<T[K][0]> };
}

/** The codes declared so far (core's and those of every area loaded), with their statuses. */
export function declaredErrorCodes(): ReadonlyMap<string, HttpStatus> {
  return DECLARED;
}

/** The platform's codes: what any area may answer (an area's own cases are in its `<area>.errors.ts`). */
export const ErrorCode = defineErrorCodes({
  ValidationFailed: ['VALIDATION_FAILED', HttpStatus.UNPROCESSABLE_ENTITY],
  Unauthenticated: ['UNAUTHENTICATED', HttpStatus.UNAUTHORIZED],
  Forbidden: ['FORBIDDEN', HttpStatus.FORBIDDEN],
  NotFound: ['NOT_FOUND', HttpStatus.NOT_FOUND],
  Conflict: ['CONFLICT', HttpStatus.CONFLICT],
  TooManyRequests: ['TOO_MANY_REQUESTS', HttpStatus.TOO_MANY_REQUESTS],
  PayloadTooLarge: ['PAYLOAD_TOO_LARGE', HttpStatus.PAYLOAD_TOO_LARGE],
  UnsupportedMedia: ['UNSUPPORTED_MEDIA', HttpStatus.UNSUPPORTED_MEDIA_TYPE],
  /** A generated first password: the session may only change it (403). */
  PasswordChangeRequired: ['PASSWORD_CHANGE_REQUIRED', HttpStatus.FORBIDDEN],
  // Cases several areas share (409): a status change the record's state does not allow, a non-draft deleted, an
  // address already registered (every public form).
  InvalidStatusChange: ['INVALID_STATUS_CHANGE', HttpStatus.CONFLICT],
  OnlyDraftsDeletable: ['ONLY_DRAFTS_DELETABLE', HttpStatus.CONFLICT],
  EmailAlreadyRegistered: ['EMAIL_ALREADY_REGISTERED', HttpStatus.CONFLICT],
  // Links from e-mail (core/links): a link that is not ours or was altered, one already used, one past its time.
  LinkInvalid: ['LINK_INVALID', HttpStatus.NOT_FOUND],
  LinkUsed: ['LINK_USED', HttpStatus.CONFLICT],
  LinkExpired: ['LINK_EXPIRED', HttpStatus.GONE],
  /** Both waitlists (external events and programs): a waitlist is only for what is full. */
  PlacesAvailable: ['PLACES_AVAILABLE', HttpStatus.CONFLICT],
  // Idempotency-Key: not 1–255 printable characters (400), used for another request (422), its first
  // request still being processed after the wait (409).
  IdempotencyKeyInvalid: ['IDEMPOTENCY_KEY_INVALID', HttpStatus.BAD_REQUEST],
  IdempotencyKeyReused: ['IDEMPOTENCY_KEY_REUSED', HttpStatus.UNPROCESSABLE_ENTITY],
  IdempotencyKeyInProgress: ['IDEMPOTENCY_KEY_IN_PROGRESS', HttpStatus.CONFLICT],
});

/** Thrown by services; carries a Spanish message for the wire and, for validation, errors per field. */
export class DomainException extends Error {
  constructor(
    readonly error: DomainErrorCode,
    message: string,
    readonly errors?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
    /** Extra fields of the answer's body (e.g. requires_confirmation of spec 2 §4). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }

  /** The code on the wire. */
  get code(): string {
    return this.error.code;
  }

  get status(): HttpStatus {
    return this.error.status;
  }

  static validation(errors: Record<string, string[]>, message = 'Los datos enviados no son válidos.') {
    return new DomainException(ErrorCode.ValidationFailed, message, errors);
  }
}
