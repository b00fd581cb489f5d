/** Limits the wire fixes, the same in the browser's forms and the server's DTOs. */
export const EMAIL_MAX_LENGTH = 254;
