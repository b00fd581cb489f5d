import { Injectable, type PipeTransform } from '@nestjs/common';
import { DomainException, ErrorCode } from '../errors/domain-exception';

/** A slug in the route: lower-case letters, digits and hyphens; anything else is simply not found. */
@Injectable()
export class SlugParamPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    if (!/^[a-z0-9-]{1,80}$/.test(value))
      throw new DomainException(ErrorCode.NotFound, 'El evento que buscas no existe o ha sido cancelado.');
    return value;
  }
}
