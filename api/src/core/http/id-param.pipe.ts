import { type ArgumentMetadata, Injectable, Param, type PipeTransform } from '@nestjs/common';
import { MAX_INT32 } from '../constants';
import { DomainException } from '../errors/domain-exception';
import { CANONICAL_ID } from './input-policy';

/**
 * A numeric route id, read from the raw path segment: only canonical decimal digits of a positive int4
 * ("26", never "0x1A", " 26", "026", "2.6e1"), else 422 in Spanish and nothing is looked up.
 */
@Injectable()
export class IdParamPipe implements PipeTransform<unknown, number> {
  transform(value: unknown, metadata?: ArgumentMetadata): number {
    if (typeof value === 'string' && CANONICAL_ID.test(value) && Number(value) <= MAX_INT32) return Number(value);
    const field = metadata?.data ?? 'id';
    throw DomainException.validation(
      { [field]: ['El identificador debe ser un número entero positivo.'] },
      'El identificador no es válido.',
    );
  }
}

/** A numeric route parameter (`id` unless named) through IdParamPipe. */
export const IdParam = (name = 'id') => Param(name, IdParamPipe);
