import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { Stacked } from './dto-fields';
import { QueryInt } from './query-int.decorator';

// The fields of a list's query string (its page and its filters), as the list DTOs (`…QueryDto`) declare them.

/**
 * An optional filter of a list's query by one of `options` (a status, a kind): blank, or the filter's "all" choice
 * (`all`: 'todos', 'todas'), means no filter. `description` says what the filter keeps, for the API document.
 */
export function ChoiceFilter(options: readonly string[], message: string, description: string, all = 'todos'): PropertyDecorator {
  return Stacked(
    ApiPropertyOptional({ enum: options as string[], description }),
    IsOptional(),
    Transform(({ value }: { value: unknown }) => (value === '' || value === all ? undefined : value)),
    IsIn(options, { message }),
  );
}

/** A list's `?page=` (1 or more, from the query string): "La página no es válida." otherwise. */
export function PageNumber(): PropertyDecorator {
  const invalid = { message: 'La página no es válida.' };
  return Stacked(
    ApiPropertyOptional({ type: Number, minimum: 1, default: 1 }),
    IsOptional(),
    QueryInt(),
    IsInt(invalid),
    Min(1, invalid),
    Max(100000, invalid),
  );
}

/**
 * The `?page=` of a list as long as the people database (pages up to 1,000,000; the people screen and the pickers that
 * page through it), with a message per rule.
 */
export function LongListPage(): PropertyDecorator {
  return Stacked(
    IsOptional(),
    QueryInt(),
    IsInt({ message: 'La página debe ser un número entero.' }),
    Min(1, { message: 'La página debe ser al menos 1.' }),
    Max(1_000_000),
  );
}
