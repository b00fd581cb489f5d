import { ValidateIf } from 'class-validator';

/**
 * A field that may be left out but, when sent, must be valid: unlike @IsOptional, `null` is validated
 * (and refused by the field's rules). For fields whose column has no "unset" value (an enum, a flag).
 */
export const isPresent = (_object: object, value: unknown) => value !== undefined;
export const Omittable = () => ValidateIf(isPresent);
