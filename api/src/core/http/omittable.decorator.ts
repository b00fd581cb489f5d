import { Transform } from 'class-transformer';
import { IsOptional, ValidateIf } from 'class-validator';
import { blankToNull, Stacked } from './dto-fields';

/**
 * A field that may be left out but, when sent, must be valid: unlike @IsOptional, `null` is validated
 * (and refused by the field's rules). For fields whose column has no "unset" value (an enum, a flag).
 */
export const isPresent = (_object: object, value: unknown) => value !== undefined;
export const Omittable = () => ValidateIf(isPresent);

/**
 * The other kind: a field that may be left out or cleared with null (or what `transform` turns into null: a blank
 * input), for columns that have "none"; the checks written below it apply only to a value.
 */
export function Nullable(transform: (params: { value: unknown }) => unknown = blankToNull): PropertyDecorator {
  return (target, key) =>
    Stacked(
      IsOptional(),
      Transform(transform),
      ValidateIf((o: Record<string | symbol, unknown>) => o[key] !== null),
    )(target, key);
}
