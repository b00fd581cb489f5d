import { Injectable, type PipeTransform } from '@nestjs/common';
import { MAX_INT32 } from '../constants';
import { DomainException } from '../errors/domain-exception';

/** A numeric route id: a positive 32-bit integer, else 422 in Spanish (never a database error). */
@Injectable()
export class IdParamPipe implements PipeTransform<string, number> {
  transform(value: string): number {
    const id = /^\d{1,10}$/.test(value) ? Number(value) : NaN;
    if (!Number.isInteger(id) || id < 1 || id > MAX_INT32) {
      throw DomainException.validation({ id: ['El identificador debe ser un número entero positivo.'] }, 'El identificador no es válido.');
    }
    return id;
  }
}
